"""What every game screen shares: the frame, the dialogs, help, keys, and the live
screen that runs a job from a form."""
