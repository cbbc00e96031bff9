"""The board's loop without a browser: fixing the last hand in place, Undo
named and taken once, the last five entries on the board and the rest on the
history page, places on a closed match, and the note after each write."""

from __future__ import annotations

import html
import re

import pytest

from matches import services
from matches.models import Event, Match
from matches.services import data_version
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.factories import board as stored_board
from tests.test_match_pages import hand_post, text, totals_on, url

pytestmark = pytest.mark.django_db

SCHEMES = ("highest_wins", "penalty")


def live(match):
    return list(Event.objects.filter(match=match, deleted__isnull=True).order_by("position"))


def preview_of(response) -> str:
    """The words of the hand preview ("Will record: ...") on a page or board."""
    page = response.content.decode()
    found = re.search(r'<p id="hand-preview"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no hand preview on the page"
    return text_of(found.group(1))


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


# The preview after a refusal ----------------------------------------------------------------


def sent(client, address: str, data: dict, htmx: bool):
    """``data`` posted to ``address`` as the board sends it, by htmx or not."""
    return client.post(address, data, headers={"HX-Request": "true"} if htmx else {})


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_save_keeps_the_preview_saying_why(client, host, htmx):
    match = MatchFactory(host=host)
    response = sent(client, url("hand", match), hand_post(match, "Ben", Alice=23, Cara=0), htmx)
    assert 'name="left_2" value="0"' in response.content.decode()
    assert preview_of(response) == "Cara's leftover must be at least 1"


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_save_names_every_wrong_box_in_the_preview(client, host, htmx):
    match = MatchFactory(host=host)
    response = sent(client, url("hand", match), hand_post(match, "Ben", Alice=0, Cara=-3), htmx)
    assert preview_of(response) == (
        "Alice's leftover must be at least 1; Cara's leftover must be at least 1"
    )


@pytest.mark.parametrize("htmx", [False, True])
def test_a_save_asked_about_keeps_the_preview_of_what_is_typed(client, host, htmx):
    match = MatchFactory(host=host)
    response = sent(client, url("hand", match), hand_post(match, "Ben", Alice=23, Cara=230), htmx)
    assert preview_of(response).startswith("Will record: Ben takes 253")
    assert "Cara: 230 points in 7 cards?" in preview_of(response)


def test_a_save_refused_because_another_screen_saved_first_says_so_in_the_preview(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    record(match, hand("Ben", Alice=5, Cara=5))
    response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    assert preview_of(response) == (
        "The board changed on another screen: this form was for hand 1, and the next hand is "
        "now hand 2. Check the board, then tap Save again if this hand is still to be recorded."
    )


def fix_post(match, event, went_out, **leftovers):
    """The board's hand form as Fix sends it for ``event``: no hand number,
    the version of the entry it was opened on."""
    data = hand_post(match, went_out, **leftovers)
    del data["hand_number"]
    data["version"] = data_version(event.data)
    return data


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_fix_keeps_the_preview_saying_why(client, host, htmx):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    data = fix_post(match, event, "Ben", Alice=23, Cara=0)
    response = sent(client, url("fix", match, event_id=event.pk), data, htmx)
    assert preview_of(response) == "Cara's leftover must be at least 1"


# Fixing the last hand --------------------------------------------------------------------


def test_it_opens_the_last_hand_in_the_hand_form_filled_in(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    response = client.get(url("fix", match, event_id=event.pk))
    page = response.content.decode()
    assert "Fix hand 1" in text(response)
    assert 'value="1" id="id_went_out_1" checked' in page  # Ben, the second seat
    assert 'name="left_0" value="23"' in page
    assert 'name="left_2" value="28"' in page
    assert "Save the fix to hand 1" in text(response)


def test_it_replaces_the_hand_with_the_fix_and_keeps_nothing_aside(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    data = fix_post(match, event, "Ben", Alice=23, Cara=18)
    response = client.post(url("fix", match, event_id=event.pk), data, follow=True)
    assert totals_on(response) == {"Alice": 0, "Ben": 41, "Cara": 0}
    assert "Fixed hand 1: Ben takes 41. Totals: Ben 51 → 41." in text(response)
    assert Event.objects.filter(match=match).count() == 1
    assert not Event.objects.filter(match=match, deleted__isnull=False).exists()
    assert "Deleted" not in text(response)


def test_a_fix_opened_before_a_later_hand_says_what_came_after_it(client, host):
    """Fix hand 1 opened in one tab, hand 2 saved in another: the fix stands
    (it is an edit), and its note says hand 2 came after it."""
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    data = fix_post(match, event, "Ben", Alice=23, Cara=18)
    record(match, hand("Cara", Alice=5, Ben=5))  # from the other tab
    response = client.post(url("fix", match, event_id=event.pk), data, follow=True)
    assert (
        "Fixed hand 1, though hand 2 was recorded after it: Ben takes 41. Totals: Ben 51 → 41."
        in text(response)
    )
    assert totals_on(response) == {"Alice": 0, "Ben": 41, "Cara": 10}


@pytest.mark.parametrize("page", ["fix", "edit"])
def test_a_hand_saved_as_it_was_says_nothing_changed_and_writes_nothing(client, host, page):
    """A fresh host saved an edit again with the same values and read "Hand 7
    changed. Nothing on the board changed."."""
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    version = Match.objects.get(pk=match.pk).version
    data = hand_post(match, "Ben", Alice=23, Cara=28)
    del data["hand_number"]
    data["version"] = data_version(event.data)
    response = client.post(url(page, match, event_id=event.pk), data, follow=True)
    assert "Hand 1 is as it was: nothing was changed." in text(response)
    assert "changed." not in text(response).replace("nothing was changed.", "")
    assert totals_on(response) == {"Alice": 0, "Ben": 51, "Cara": 0}
    assert Match.objects.get(pk=match.pk).version == version


def test_a_fix_says_who_dealt_that_hand_not_the_next(client, host):
    match = MatchFactory(host=host, target=1000)  # Alice deals hand 1, Ben hand 2, Cara hand 3
    record(match, hand("Ben", Alice=2, Cara=2), hand("Cara", Alice=2, Ben=2))
    event = live(match)[0]
    page = text(client.get(url("fix", match, event_id=event.pk)))
    assert "Hand 1 was dealt by Alice; the marks beside the names are for the next hand." in page
    page = text(client.get(url("fix", match, event_id=live(match)[1].pk)))
    assert "Hand 2 was dealt by Ben;" in page


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_fix_opened_after_many_hands_says_nothing_changes_until_something_does(
    client, host, scheme
):
    match = MatchFactory(host=host, scheme=scheme, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=2) for n in range(1, 8)])
    event = live(match)[-2]  # hand 6: the board shows hands 3 to 7
    response = client.get(url("fix", match, event_id=event.pk))
    assert "If saved: Nothing on the board changed." in text(response)
    assert "Dealers" not in text(response)


def test_it_refuses_a_bad_fix_next_to_the_player_and_changes_nothing(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    data = hand_post(match, "Ben", Alice=23, Cara=0)
    response = client.post(url("fix", match, event_id=event.pk), data)
    assert "Cara's leftover must be at least 1" in text(response)
    assert stored_board(match).totals == {"Alice": 0, "Ben": 51, "Cara": 0}


def test_it_previews_what_a_fix_changes(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    data["replacing"] = str(event.pk)
    response = client.post(url("preview", match), data)
    assert text(response) == "Will record: Ben takes 41 If saved: Totals: Ben 51 → 41."


def test_it_says_when_an_edit_would_close_the_match_at_its_last_hand(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Ben", Alice=10, Cara=10))
    first = live(match)[0]
    data = hand_post(match, "Ben", Alice=50, Cara=35)
    data["replacing"] = str(first.pk)
    response = client.post(url("preview", match), data)
    assert text(response) == (
        "Will record: Ben takes 85 If saved: Totals: Ben 61 → 105. The match closes at hand 2: "
        "Ben wins with the highest total, 105, once the line of 100 was reached."
    )


def test_it_answers_404_to_another_host_fixing_a_hand(client, host):
    match = MatchFactory(host=UserFactory())
    record(match, hand("Ben", Alice=23, Cara=18))
    event = live(match)[-1]
    assert client.get(url("fix", match, event_id=event.pk)).status_code == 404
    assert client.post(url("fix", match, event_id=event.pk), {}).status_code == 404
    assert client.get(url("entries", match)).status_code == 404


def test_it_offers_the_fix_only_for_the_newest_entry_when_it_is_a_hand(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    assert "Fix hand 1" in text(client.get(url("detail", match)))
    record(match, {"target": 200})
    assert "Fix hand" not in text(client.get(url("detail", match)))


def test_the_hand_being_fixed_offers_no_second_fix(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = text(client.get(url("fix", match, event_id=live(match)[0].pk)))
    assert "Fix hand 1" in page  # the form's heading
    assert page.count("Fix hand 1") == 1 and "Save the fix to hand 1" in page


# Undo --------------------------------------------------------------------------------------


def test_it_takes_back_one_entry_when_the_same_undo_arrives_twice(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=5))
    newest = live(match)[-1]
    first = client.post(url("undo", match), {"event": str(newest.pk)}, follow=True)
    assert "Took back hand 2: Cara went out. Put it back below." in text(first)
    second = client.post(url("undo", match), {"event": str(newest.pk)}, follow=True)
    assert "That was taken back already: nothing more was taken back." in text(second)
    assert [event.pk for event in live(match)] == [live(match)[0].pk]
    assert stored_board(match).totals == {"Alice": 0, "Ben": 41, "Cara": 0}


@pytest.mark.parametrize("sent", [{}, {"event": ""}, {"event": "abc"}, {"event": "2.5"}])
def test_an_undo_that_names_no_entry_takes_nothing_back(client, host, sent):
    """The board's Undo names the entry it shows; a post that names none
    (crafted, or garbled on the way) is refused, not taken as "the newest"."""
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=5))
    response = client.post(url("undo", match), sent, follow=True)
    assert (
        "Nothing was taken back: Undo did not say which entry. Check the board, then tap Undo "
        "again." in text(response)
    )
    assert len(live(match)) == 2
    assert stored_board(match).totals == {"Alice": 0, "Ben": 41, "Cara": 10}


@pytest.mark.parametrize("hands", [1, 2])
def test_the_board_after_an_undo_by_htmx_offers_to_put_it_back(client, host, hands):
    """The board drawn after the write reads what the write left: the entry
    taken back, even when it was the only one (no live entry to read the
    match's row with)."""
    match = MatchFactory(host=host)
    record(match, *[hand("Ben", Alice=23, Cara=18)] * hands)
    newest = live(match)[-1]
    client.get(url("detail", match))  # the board as it was, kept
    response = client.post(
        url("undo", match), {"event": str(newest.pk)}, headers={"HX-Request": "true"}
    )
    page = text(response)
    assert f"Taken back: hand {hands}, where Ben went out (Alice 23, Cara 18)." in page
    assert "Put it back" in page
    assert f"Record hand {hands}" in page


def test_it_names_what_undo_takes_back_away_from_save(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = text(client.get(url("detail", match)))
    assert "Undo: Hand 1: Ben went out" in page
    # Not the next control after Save: the last hands and Fix stand between.
    after_save = page[page.index("Save hand 2") :]
    assert after_save.index("Fix hand 1") < after_save.index("Undo: Hand 1")


# The history -------------------------------------------------------------------------------


def test_it_shows_the_newest_five_entries_and_the_rest_on_the_history_page(client, host):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 8)])
    board = text(client.get(url("detail", match)))
    assert [f"Hand {n}: Ben went out" in board for n in range(1, 8)] == [False] * 2 + [True] * 5
    assert "All 7 entries, and changing any of them" in board
    every = client.get(url("entries", match))
    assert all(f"Hand {n}: Ben went out" in text(every) for n in range(1, 8))
    # One way in a row: a link, no form per entry.
    page = every.content.decode()
    # Logging out; and the language switcher at the foot.
    assert page.count("<form") - page.count('<form class="language"') == 1


def test_it_reads_the_history_page_in_a_fixed_number_of_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 30)])
    # Drawn: the session with its user, the match, its live events with its
    # row, its deleted ones.
    with django_assert_num_queries(5):
        client.get(url("entries", match))
    # Kept as drawn for this version: the session with its user, the match,
    # its deleted entries.
    with django_assert_num_queries(4):
        client.get(url("entries", match))


def shown_hands(response) -> list[int]:
    """The hands a page of entries lists, in its order."""
    page = response.content.decode()
    return [int(n) for n in re.findall(r'<span class="what">Hand (\d+): Ben went out', page)]


def test_a_long_matchs_entries_come_fifty_a_page_newest_first(client, host):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=1) for _ in range(120)])
    services.event_undo(match=Match.objects.get(pk=match.pk))  # hand 120, kept aside to put back
    response = client.get(url("entries", match))
    first = text(response)
    assert shown_hands(response) == list(range(119, 69, -1))
    assert "Page 1 of 3: the newest 50 of 119 entries." in first
    assert "Put back" in first
    second = client.get(url("entries", match), {"page": "2"})
    page = second.content.decode()
    assert shown_hands(second) == list(range(69, 19, -1))
    assert "Page 2 of 3: entries 51 to 100 of 119, counting from the newest." in text(second)
    assert f'href="{url("entries", match)}?page=1">Newer entries</a>' in page
    assert f'href="{url("entries", match)}?page=3">Earlier entries</a>' in page
    response = client.get(url("entries", match), {"page": "3"})
    last = text(response)
    assert shown_hands(response) == list(range(19, 0, -1))
    assert "Earlier entries" not in last and "Put back" not in last
    assert "Page 3 of 3: the oldest 19 of 119 entries." in last
    # Past the end: the last page; not a number, or below 1: the first.
    assert shown_hands(client.get(url("entries", match), {"page": "99"})) == list(range(19, 0, -1))
    for first in ("x", "0", "-1", "", "2.5", "1e3"):
        assert shown_hands(client.get(url("entries", match), {"page": first})) == list(
            range(119, 69, -1)
        )


def test_the_edit_pages_all_entries_link_opens_the_page_that_lists_the_entry(client, host):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=1) for _ in range(65)])
    events = live(match)
    for number, page in ((10, 2), (15, 2), (16, 1), (65, 1)):
        edit = client.get(url("edit", match, event_id=events[number - 1].pk))
        link = re.search(r'href="([^"]+)">All entries</a>', edit.content.decode()).group(1)
        assert link == url("entries", match) + ("" if page == 1 else f"?page={page}")
        assert number in shown_hands(client.get(link))


def test_a_short_matchs_entries_are_one_page_with_no_page_links(client, host):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=1) for _ in range(50)])
    response = client.get(url("entries", match))
    page = text(response)
    assert shown_hands(response) == list(range(50, 0, -1))
    assert "Page 1" not in page and "Earlier entries" not in page


def test_each_page_of_entries_reads_a_fixed_number_of_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=1) for _ in range(60)])
    for page, deleted in (("1", 1), ("2", 0)):
        # Drawn: the session with its user, the match, its live events with
        # its row; on the first page, its deleted ones (each a form).
        with django_assert_num_queries(4 + deleted):
            client.get(url("entries", match), {"page": page})
        # Kept as drawn for this version: no event read but the deleted.
        with django_assert_num_queries(3 + deleted):
            assert client.get(url("entries", match), {"page": page}).status_code == 200


def test_it_reads_the_fix_form_in_a_fixed_number_of_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 30)])
    event = live(match)[-1]
    # The session with its user, the match, and it again with its seats and
    # every event (a fix replays them all).
    with django_assert_num_queries(6):
        client.get(url("fix", match, event_id=event.pk))
