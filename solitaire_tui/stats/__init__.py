"""Autoplay runs, shared by the command line and the statistics panel: what a run
is (``runs``) and a run in a Textual worker (``runner``)."""
