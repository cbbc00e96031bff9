"""Log-in throttled per (name, address) with a higher limit per address,
sign-up limited per address, and passwords of one repeated character
refused: through the pages, as a browser sends them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tests.test_match_pages import text

pytestmark = pytest.mark.django_db

PASSWORD = "a long table password"
LOGIN = "/accounts/login/"


def log_in(client, username: str, password: str, address: str = "10.0.0.1", path=LOGIN, **headers):
    return client.post(
        path, {"username": username, "password": password}, REMOTE_ADDR=address, **headers
    )


@pytest.fixture
def alice():
    return UserFactory(username="alice", password=PASSWORD)


def test_five_wrong_passwords_lock_that_name_from_that_address_and_say_until_when(client, alice):
    for _ in range(4):
        assert log_in(client, "alice", "wrong guess").status_code == 200
    assert log_in(client, "alice", "wrong guess").status_code == 429  # the fifth
    refused = log_in(client, "alice", PASSWORD)
    assert refused.status_code == 429
    attempt = AccessAttempt.objects.get(username="alice", ip_address="10.0.0.1")
    until = timezone.localtime(attempt.attempt_time + timedelta(minutes=15)).strftime("%H:%M %Z")
    assert (
        f"Too many wrong passwords for alice from here. Try again after {until}, "
        "or ask whoever runs the site." in text(refused)
    )
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("login", [LOGIN, "/admin/login/"])
def test_a_name_longer_than_any_account_s_is_refused_not_a_server_error(
    client, alice, login, turn_on
):
    """A name of 300 characters is no account's: the log-in says so, and the
    record of names tried keeps it cut to 150 (on PostgreSQL a longer one
    overflowed its column: a server error)."""
    turn_on(ADMIN_ENABLED=True)
    long_name = "a" * 300
    response = client.post(login, {"username": long_name, "password": "wrong guess"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert AccessAttempt.objects.get().username == "a" * 150


def test_wrong_passwords_from_another_phone_do_not_lock_the_host_out(client, alice):
    # Someone at another table types "alice" wrongly, again and again.
    for _ in range(8):
        log_in(client, "alice", "wrong guess", address="192.0.2.7")
    # The host, on their own phone, logs in at once.
    answer = log_in(client, "alice", PASSWORD, address="10.0.0.1")
    assert answer.status_code == 302 and answer["Location"] == reverse("matches:home")
    assert int(client.session["_auth_user_id"]) == alice.pk


def test_the_lock_ends_after_the_cool_off_and_a_right_password_resets_the_count(client, alice):
    for _ in range(5):
        log_in(client, "alice", "wrong guess")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert log_in(client, "alice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        log_in(client, "alice", "wrong guess")
    assert log_in(client, "alice", PASSWORD).status_code == 302  # four, then a right one


def test_one_address_trying_many_names_meets_the_higher_limit(client, alice, settings):
    settings.LOGIN_ADDRESS_FAILURES = 6
    for number in range(6):
        assert log_in(client, f"guess{number}", "wrong").status_code == 200
    refused = log_in(client, "alice", PASSWORD)
    assert refused.status_code == 429
    assert (
        "Too many wrong passwords from this phone or network: try again in 15 minutes "
        "at the latest." in text(refused)
    )
    assert 'value="alice"' in refused.content.decode()  # the name is kept
    # Another address is not held back.
    assert log_in(client, "alice", PASSWORD, address="10.0.0.2").status_code == 302


def test_behind_a_proxy_the_address_is_the_one_the_proxy_names(client, alice, settings):
    settings.PROXY_CLIENT_HEADER = "X-Forwarded-For"
    settings.PROXY_COUNT = 1
    proxy = {"address": "127.0.0.1"}
    for _ in range(5):
        log_in(client, "alice", "wrong", **proxy, HTTP_X_FORWARDED_FOR="81.2.69.142")
    assert AccessAttempt.objects.get().ip_address == "81.2.69.142"
    held = log_in(client, "alice", PASSWORD, **proxy, HTTP_X_FORWARDED_FOR="81.2.69.142")
    assert held.status_code == 429
    other = log_in(client, "alice", PASSWORD, **proxy, HTTP_X_FORWARDED_FOR="81.2.69.143")
    assert other.status_code == 302
    client.logout()
    # A phone that writes a header of its own before the proxy appends the
    # real address is counted at the real one: it can neither pass for the
    # host nor push strangers into the proxy's own address.
    spoof = log_in(client, "bob", "x", **proxy, HTTP_X_FORWARDED_FOR="81.2.69.142, 81.2.69.9")
    assert spoof.status_code == 200
    assert AccessAttempt.objects.get(username="bob").ip_address == "81.2.69.9"


def test_two_proxies_name_the_address_the_outer_one_saw(rf, settings):
    from matches.accounts import client_address

    settings.PROXY_CLIENT_HEADER = "X-Forwarded-For"
    settings.PROXY_COUNT = 2
    cases = {
        "6.6.6.6, 81.2.69.142, 10.0.0.9": "81.2.69.142",  # phone's own, phone, balancer
        "81.2.69.142, 10.0.0.9": "81.2.69.142",
        "10.0.0.9": "127.0.0.1",  # too short: the connection's address
        "not an address, 10.0.0.9": "127.0.0.1",
        "2001:db8::1, 10.0.0.9": "2001:db8::1",
    }
    for header, expected in cases.items():
        request = rf.post("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=header)
        assert client_address(request) == expected, header


def test_without_a_proxy_a_forwarded_header_is_not_believed(client, alice):
    for number in range(5):
        log_in(client, "alice", "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{number}")
    assert AccessAttempt.objects.get().ip_address == "10.0.0.1"
    assert log_in(client, "alice", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.9").status_code == 429


def sign_up(client, username: str, password: str = PASSWORD, address: str = "10.0.0.1"):
    data = {"username": username, "password1": password, "password2": password}
    return client.post(reverse("matches:signup"), data, REMOTE_ADDR=address)


def test_sign_up_is_limited_per_address_and_hour(client, settings):
    settings.SIGNUPS_PER_HOUR = 3
    for number in range(3):
        assert sign_up(client, f"host{number}").status_code == 302
        client.logout()
    refused = sign_up(client, "host3")
    assert refused.status_code == 429
    assert (
        "Too many new accounts from this phone or network this hour: try again within the hour, "
        "or log in to an account made already." in text(refused)
    )
    assert 'value="host3"' in refused.content.decode()
    assert not get_user_model().objects.filter(username="host3").exists()
    assert sign_up(client, "host3", address="10.0.0.2").status_code == 302


def test_a_refused_sign_up_does_not_count_toward_the_limit(client, settings):
    settings.SIGNUPS_PER_HOUR = 1
    assert sign_up(client, "host0", password="short").status_code == 200
    assert sign_up(client, "host0").status_code == 302


def test_a_password_of_one_repeated_character_is_refused(client):
    refused = sign_up(client, "cara", password="zzzzzzzzzzzzzzzz")
    assert "This password is one character repeated: mix in others." in text(refused)
    assert not get_user_model().objects.filter(username="cara").exists()


def test_a_host_who_forgot_the_password_gets_a_link_by_email_and_chooses_a_new_one(client):
    from django.core import mail

    assert sign_up(client, "dora", address="10.0.0.3").status_code == 302
    client.logout()
    get_user_model().objects.filter(username="dora").update(email="dora@example.org")
    login_page = client.get(LOGIN)
    assert "Forgotten your password? Get a link by email ." in text(login_page)
    answer = client.post(reverse("password_reset"), {"email": "dora@example.org"})
    assert answer.status_code == 302
    assert "Check your email" in text(client.get(answer["Location"]))
    [message] = mail.outbox
    assert message.subject == "Your new Rummy Scoreboard password"
    assert message.to == ["dora@example.org"]
    link = next(line for line in message.body.splitlines() if "/reset/" in line)
    path = link.split("://", 1)[1].split("/", 1)[1]
    form_page = client.get("/" + path, follow=True)
    assert "Choose a new password" in text(form_page)
    new = "a brand new table password"
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": new, "new_password2": new},
        follow=True,
    )
    assert "Password changed" in text(done)
    assert log_in(client, "dora", new).status_code == 302
    # The link works once.
    again = client.get(form_page.redirect_chain[-1][0])
    assert "This link does not work any more" in text(again)


def test_an_address_no_account_has_gets_the_same_answer_and_no_mail(client):
    from django.core import mail

    answer = client.post(reverse("password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert "Check your email" in text(answer)
    assert mail.outbox == []


def test_sign_up_keeps_the_optional_email(client):
    data = {
        "username": "eve",
        "email": "eve@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    assert client.post(reverse("matches:signup"), data).status_code == 302
    assert get_user_model().objects.get(username="eve").email == "eve@example.org"
    refused = client.post(reverse("matches:signup"), {**data, "username": "eve2", "email": "eve@"})
    assert "Enter a valid email address." in text(refused)


def test_every_page_carries_a_policy_without_inline_script_style_or_eval(client, host):
    for path in (reverse("matches:home"), LOGIN, reverse("matches:new"), "/no-such-page/"):
        policy = client.get(path).headers["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'", path
        assert directives["style-src"] == "'self'", path
        assert directives["frame-ancestors"] == "'none'", path
        assert "unsafe" not in policy, path


def test_forgotten_password_links_are_limited_per_address(client, settings):
    from django.core import mail

    settings.RESETS_PER_HOUR = 2
    UserFactory(username="fay", email="fay@example.org")
    for _ in range(2):
        client.post(reverse("password_reset"), {"email": "fay@example.org"}, REMOTE_ADDR="10.0.0.4")
    refused = client.post(
        reverse("password_reset"), {"email": "fay@example.org"}, REMOTE_ADDR="10.0.0.4"
    )
    assert refused.status_code == 429
    assert "Too many password emails asked for from this phone or network this hour" in text(
        refused
    )
    assert len(mail.outbox) == 2


def test_a_new_password_ends_a_lock_out_of_that_name(client):
    from django.core import mail

    UserFactory(username="gil", email="gil@example.org", password=PASSWORD)
    for _ in range(5):
        log_in(client, "gil", "wrong guess")
    assert log_in(client, "gil", PASSWORD).status_code == 429
    client.post(reverse("password_reset"), {"email": "gil@example.org"})
    link = next(line for line in mail.outbox[0].body.splitlines() if "/reset/" in line)
    form_page = client.get("/" + link.split("://", 1)[1].split("/", 1)[1], follow=True)
    new = "another long table password"
    client.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert log_in(client, "gil", new).status_code == 302


def test_a_host_changes_the_password_from_the_home_page(client):
    user = UserFactory(username="hal", password=PASSWORD)
    client.force_login(user)
    home = client.get(reverse("matches:home"))
    assert "Your account: change your password ." in text(home)
    page = client.get(reverse("password_change"))
    assert "Change your password" in text(page) and "Django" not in text(page)
    new = "a changed table password"
    done = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
        follow=True,
    )
    assert "Password changed" in text(done)
    client.logout()
    assert log_in(client, "hal", new).status_code == 302


def test_a_password_like_the_username_is_refused(client):
    refused = sign_up(client, "tablehost", password="tablehost1234")
    assert "The password is too similar to the username." in text(refused)


def test_tries_on_a_locked_name_do_not_use_up_the_addresss_limit(client, alice, settings):
    settings.LOGIN_ADDRESS_FAILURES = 7
    for _ in range(12):  # five lock alice; the next seven are axes' answer
        log_in(client, "alice", "wrong guess")
    UserFactory(username="ben", password=PASSWORD)
    assert log_in(client, "ben", PASSWORD).status_code == 302


# Who is signed in: Django's own sessions and log-in.


def test_a_host_logs_in_and_stays_signed_in_from_page_to_page(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("matches:new")).status_code == 200
    assert client.get(reverse("matches:history")).status_code == 200


def test_an_expired_session_is_signed_out(client, alice):
    from django.contrib.sessions.models import Session

    client.force_login(alice)
    assert client.get(reverse("matches:new")).status_code == 200
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    response = client.get(reverse("matches:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_deactivated_host_is_signed_out(client, alice):
    client.force_login(alice)
    get_user_model().objects.filter(pk=alice.pk).update(is_active=False)
    response = client.get(reverse("matches:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_one_backend_checks_a_password(settings):
    from django.contrib.auth import load_backend
    from django.contrib.auth.backends import ModelBackend

    checking = [
        path
        for path in settings.AUTHENTICATION_BACKENDS
        if isinstance(load_backend(path), ModelBackend)
    ]
    # A wrong password is hashed once.
    assert checking == ["django.contrib.auth.backends.ModelBackend"]


def test_a_password_changed_elsewhere_signs_out_the_session(client, alice):
    client.force_login(alice)
    assert client.get(reverse("matches:new")).status_code == 200
    user = get_user_model().objects.get(pk=alice.pk)
    user.set_password("another long table password")
    user.save()
    response = client.get(reverse("matches:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_host_deleted_is_signed_out(client, alice):
    client.force_login(alice)
    get_user_model().objects.filter(pk=alice.pk).delete()
    response = client.get(reverse("matches:new"))
    assert response.status_code == 302


def test_sign_ups_refused_are_limited_per_address_so_taken_names_cannot_be_probed(
    client, alice, settings
):
    settings.SIGNUP_FAILURES_PER_HOUR = 3
    for name in ("alice", "Alice", "alice"):
        taken = sign_up(client, name)
        assert taken.status_code == 200
        assert "A user with that username already exists." in text(taken)
    refused = sign_up(client, "alice")
    assert refused.status_code == 429
    assert (
        "Too many sign-ups refused from this phone or network this hour: wait, and try again "
        "within the hour, or log in to an account made already." in text(refused)
    )
    # Nothing more is told: not whether the name is taken.
    assert "already exists" not in text(refused)
    # Nor is anything saved, even a sign-up that would have been right; what
    # was typed stays in the form.
    users = get_user_model().objects.count()
    refused = client.post(
        reverse("matches:signup"),
        {
            "username": "cara",
            "email": "cara@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        REMOTE_ADDR="10.0.0.1",
    )
    assert refused.status_code == 429
    assert 'value="cara"' in refused.content.decode()
    assert 'value="cara@example.org"' in refused.content.decode()
    assert get_user_model().objects.count() == users
    # An empty form sent is refused the same way, not a server error.
    empty = client.post(reverse("matches:signup"), {}, REMOTE_ADDR="10.0.0.1")
    assert empty.status_code == 429
    assert "Too many sign-ups refused" in text(empty)
    # Another address is not held back.
    assert sign_up(client, "cara", address="10.0.0.2").status_code == 302


def test_a_sign_up_past_the_limit_of_accounts_tells_nothing_of_the_name(client, alice, settings):
    settings.SIGNUPS_PER_HOUR = 1
    assert sign_up(client, "bert").status_code == 302
    client.logout()
    refused = sign_up(client, "alice")
    assert refused.status_code == 429
    assert "Too many new accounts from this phone or network this hour" in text(refused)
    assert "already exists" not in text(refused)
    assert 'value="alice"' in refused.content.decode()


def test_the_admin_is_not_served_unless_turned_on(client, admin_user):
    from django.urls import NoReverseMatch

    client.force_login(admin_user)
    for path in ("/admin/", "/admin/login/", "/admin/matches/match/"):
        assert client.get(path).status_code == 404
    with pytest.raises(NoReverseMatch):
        reverse("admin:index")


def test_the_admin_log_in_has_the_log_in_limits(client, alice, settings, turn_on):
    turn_on(ADMIN_ENABLED=True)
    admin_login = "/admin/login/"
    assert client.get(admin_login).status_code == 200
    # Per name and address (django-axes): five wrong passwords for alice.
    for _ in range(4):
        assert log_in(client, "alice", "wrong guess", path=admin_login).status_code == 200
    assert log_in(client, "alice", "wrong guess", path=admin_login).status_code == 429
    refused = log_in(client, "alice", PASSWORD, path=admin_login)
    assert refused.status_code == 429
    assert "Too many wrong passwords for alice from here." in text(refused)
    # Per address, for any names: one machine trying many.
    settings.LOGIN_ADDRESS_FAILURES = 3
    for number in range(3):
        tried = log_in(client, f"guess{number}", "wrong", address="10.0.0.7", path=admin_login)
        assert tried.status_code == 200
    refused = log_in(client, "guess9", "wrong", address="10.0.0.7", path=admin_login)
    assert refused.status_code == 429
    assert "Too many wrong passwords from this phone or network" in text(refused)
    assert "_auth_user_id" not in client.session
