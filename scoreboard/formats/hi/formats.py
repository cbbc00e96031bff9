"""Hindi's grouping of large numbers: by lakh and crore (1,00,000), as
Indian tables write them; the rest is Django's own Hindi formats."""

NUMBER_GROUPING = (3, 2, 0)
