"""Hindi's grouping of large numbers: by lakh and crore (1,00,000), as
Indian tables write them; the rest is Django's own Hindi formats."""

NUMBER_GROUPING = (3, 2, 0)

# A date before its time, day first, as the other languages write it
# (Django's Hindi formats have no date-and-time format of their own, and
# the default puts the month first).
DATETIME_FORMAT = "j F Y, H:i T"
SHORT_DATETIME_FORMAT = "d-m-Y H:i"
