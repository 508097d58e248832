"""The games of the Calculation family described in files (``rules.calculation``):
Calculation, Hopscotch and Betsy Ross, each a ``DescribedGame`` made from its
description, all played on the family's board with one compiled kernel."""
