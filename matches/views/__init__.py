"""The pages, by area: the board (``board``), recording a hand (``hands``),
the other entries and the past (``entries``), whole matches and the lists
(``matches``), players, export and import (``transfer``), and the share
link's pages (``shared``)."""
