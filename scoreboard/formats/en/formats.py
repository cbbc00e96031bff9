"""How the app writes dates and times in English: one way everywhere (the
templates' ``date:"DATETIME_FORMAT"``, ``words`` and the views' ``date_format``
all read these). The time zone's abbreviation follows a time: a board may be
read in another zone than the one it was played in. Another language gets
its own module beside this one (Django's own formats otherwise)."""

DATETIME_FORMAT = "j M Y, H:i T"  # 3 May 2026, 19:30 CEST
DATE_FORMAT = "j M Y"  # 3 May 2026
TIME_FORMAT = "H:i T"  # 19:30 CEST
MONTH_DAY_FORMAT = "j M"  # 3 May
