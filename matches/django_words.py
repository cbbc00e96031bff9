"""Django's own words on the sign-up and log-in pages (the user name, the
password and its rules, their refusals), in dates (the months) and on the
import page (an empty file), marked
here so that the project's catalogs word them in every language it offers:
Django's catalogs lack some
of them (all of Hindi's, and its newer rules in several languages), and a
catalog of ``LOCALE_PATHS`` comes before Django's own. Nothing here is
called: each message is Django's, word for word, so Django's code finds our
translation of it."""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext_lazy, pgettext_lazy

# django.contrib.auth: the user model, its forms and its password rules.
MESSAGES = [
    gettext_noop("username"),
    gettext_noop("Email"),
    gettext_noop("email address"),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("A user with that username already exists."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, "
        "numbers, and @/./+/-/_ characters."
    ),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both "
        "fields may be case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("Old password"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    # django.forms: an empty file sent to the import page. Spanish's catalog
    # says "fichero" where every other message of the app says "archivo".
    gettext_noop("The submitted file is empty."),
    # A place or a count as an ordinal (django.contrib.humanize's ``ordinal``,
    # matches.phrases.ordinal): Django's catalogs have none in Hindi ("1st"),
    # Spanish's lacks its full stop ("1º" for "1.º") and Italian's reads
    # "1esimo".
    pgettext_lazy("ordinal 11, 12, 13", "{}th"),
    pgettext_lazy("ordinal 0", "{}th"),
    pgettext_lazy("ordinal 1", "{}st"),
    pgettext_lazy("ordinal 2", "{}nd"),
    pgettext_lazy("ordinal 3", "{}rd"),
    pgettext_lazy("ordinal 4", "{}th"),
    pgettext_lazy("ordinal 5", "{}th"),
    pgettext_lazy("ordinal 6", "{}th"),
    pgettext_lazy("ordinal 7", "{}th"),
    pgettext_lazy("ordinal 8", "{}th"),
    pgettext_lazy("ordinal 9", "{}th"),
    # The months of a date written out (django.utils.dates.MONTHS): in Italian
    # and Brazilian Portuguese a month is written in lower case ("6 de
    # dezembro de 2026"), where Django's catalogs capitalize it.
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
]
COUNTED = [
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        "min_length",
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
]
