"""Seats, edits, rematch and house rules through the pages (issue 4)."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

import pytest
from django.db.models import F
from django.urls import reverse

from matches import services
from matches.models import Event, Match
from tests.factories import MatchFactory, hand, record
from tests.test_board_loop import preview_of
from tests.test_match_pages import hand_post, text, totals_on, url

pytestmark = pytest.mark.django_db

SCHEMES = ["highest_wins", "penalty"]


def seat_post(action: str, player: str, after: str = "") -> dict[str, str]:
    return {"token": str(uuid.uuid4()), "action": action, "player": player, "after": after}


# Seats -----------------------------------------------------------------------------------


def test_it_lets_a_player_leave_and_marks_them_below_the_seated(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"])
    record(match, hand("Ben", Alice=5, Cara=5, Dan=5))
    client.post(url("seats", match), seat_post("leave", "Cara"))
    page = client.get(url("detail", match))
    html = page.content.decode()
    assert html.index('data-player="Dan"') < html.index('data-player="Cara"')
    assert "Cara left" in text(page)
    # Ben dealt... Alice dealt hand 1, Ben deals hand 2; 3 seated: 7 cards each.
    assert "Ben deals , 7 cards each. Dan plays first." in text(page)


def test_it_brings_a_returning_player_back_to_their_seat_and_total(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"])
    record(match, hand("Cara", Alice=5, Ben=5, Dan=5), {"leave": "Cara"})
    record(match, hand("Alice", Ben=4, Dan=4))
    client.post(url("seats", match), seat_post("join", "cara"))
    page = client.get(url("detail", match))
    assert totals_on(page) == {"Alice": 8, "Ben": 0, "Cara": 15, "Dan": 0}
    # Hand 1 by Alice, hand 2 by Ben (Cara away); Cara's seat is after Ben: she deals.
    assert "Cara deals , 7 cards each. Dan plays first." in text(page)


def test_it_seats_a_newcomer_after_the_chosen_player(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=5, Cara=5))
    client.post(url("seats", match), seat_post("join", "Dan", after="Alice"))
    page = client.get(url("detail", match))
    assert list(totals_on(page)) == ["Alice", "Dan", "Ben", "Cara"]
    assert "Dan deals , 7 cards each. Ben plays first." in text(page)


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (seat_post("leave", "Zed"), "Zed is not at the table"),
        (seat_post("join", "Ben"), "Ben is already seated"),
        (seat_post("join", "Dan", after="Zed"), "Dan cannot sit after Zed: Zed is not seated"),
    ],
)
def test_it_refuses_an_impossible_seat_change(client, host, post, message):
    match = MatchFactory(host=host)
    response = client.post(url("seats", match), post)
    assert message in text(response)
    assert not Event.objects.exists()


def test_it_keeps_two_players_seated(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    response = client.post(url("seats", match), seat_post("leave", "Ben"))
    assert "Ben cannot leave: at least 2 players must stay seated" in text(response)


# Edit and delete through the pages ---------------------------------------------------------------


def events_of(match: Match) -> list[Event]:
    return list(Event.objects.filter(match=match).order_by("position"))


def test_it_fills_the_edit_page_with_the_hand_as_entered(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=["K", "9", "4"], Cara=18))
    page = client.get(url("edit", match, event_id=events_of(match)[0].pk)).content.decode()
    assert 'name="left_0" value="K 9 4"' in page
    assert 'name="left_2" value="18"' in page
    assert re.search(r'name="went_out" value="1"[^>]*checked', page)
    assert not re.search(r'name="went_out" value="(0|2|nobody)"[^>]*checked', page)


def test_it_edits_an_early_hand_and_says_what_changed(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    data = hand_post(match, "Cara", Alice=23, Ben=10)
    data.update({"seat_0": "Alice", "seat_1": "Ben", "seat_2": "Cara"})
    response = client.post(url("edit", match, event_id=first.pk), data, follow=True)
    page = text(response)
    assert "Hand 1 changed. Totals: Ben 41 → 0, Cara 0 → 33." in page
    assert totals_on(response) == {"Alice": 10, "Ben": 0, "Cara": 33}


def test_it_refuses_an_edit_that_makes_a_later_hand_impossible(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    data = hand_post(match, "Ben", Alice=80, Cara=40)
    response = client.post(url("edit", match, event_id=first.pk), data)
    assert "That would make hand 2 impossible: the match is closed" in text(response)
    assert 'value="80"' in response.content.decode()
    assert events_of(match)[0].data == hand("Ben", Alice=23, Cara=18)
    # What was typed stays in the boxes, so the preview says why, not nothing.
    assert preview_of(response) == (
        "That would make hand 2 impossible: the match is closed: Ben won when the line of 100 "
        "was crossed; move the line to reopen it before recording another hand"
    )


def test_a_refused_edit_keeps_its_preview_saying_why(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    first = events_of(match)[0]
    typo = hand_post(match, "Ben", Alice=23, Cara=0)
    response = client.post(url("edit", match, event_id=first.pk), typo)
    assert preview_of(response) == "Cara's leftover must be at least 1"


def test_it_refuses_an_edit_when_another_screen_changed_the_entry_first(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    first = events_of(match)[0]
    page = client.get(url("edit", match, event_id=first.pk)).content.decode()
    version = re.search(r'name="version" value="([^"]+)"', page).group(1)
    data = hand_post(match, "Ben", Alice=10, Cara=22)
    other = {**data, "left_0": "11", "left_2": "18", "version": version}
    client.post(url("edit", match, event_id=first.pk), other)
    response = client.post(url("edit", match, event_id=first.pk), {**data, "version": version})
    assert "This entry was changed on another screen since you opened it" in text(response)
    assert events_of(match)[0].data["hand"]["leftovers"] == {"Alice": 11, "Cara": 18}


def test_it_says_so_when_an_entry_was_deleted_on_another_screen(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    services.event_delete(match=match, event_id=first.pk)
    for response in (
        client.get(url("edit", match, event_id=first.pk), follow=True),
        client.post(url("delete", match, event_id=first.pk), follow=True),
    ):
        assert "That entry was deleted on another screen, so nothing was changed." in text(response)


@pytest.mark.parametrize("page", ["edit", "fix"])
def test_a_change_of_a_hand_deleted_on_another_screen_says_what_was_typed(client, host, page):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    data = hand_post(match, "Ben", Alice=9, Cara=18)
    services.event_delete(match=match, event_id=first.pk)
    response = client.post(url(page, match, event_id=first.pk), data, follow=True)
    shown = text(response)
    assert "That entry was deleted on another screen, so nothing was changed." in shown
    assert (
        "You had entered: Ben went out, Alice 9, Cara 18. To change that hand, put it back "
        "first (All entries, Put back)." in shown
    )
    assert Event.objects.get(pk=first.pk).deleted is not None


def test_it_edits_a_move_of_the_line(client, host):
    match = MatchFactory(host=host)
    record(match, {"target": 300})
    event = events_of(match)[0]
    page = client.get(url("edit", match, event_id=event.pk)).content.decode()
    assert 'name="target" value="300"' in page
    client.post(url("edit", match, event_id=event.pk), {"target": "250"})
    assert "line 250" in text(client.get(url("detail", match)))


def test_it_edits_who_left(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"])
    record(match, {"leave": "Alice"})
    leave = events_of(match)[0]
    response = client.post(
        url("edit", match, event_id=leave.pk),
        {"action": "leave", "player": "Dan", "after": ""},
        follow=True,
    )
    assert (
        "Alice leaving changed. At the table now: Alice. No longer at the table: Dan. "
        "Alice deals next (not Ben)." in text(response)
    )
    assert "Dan left" in text(response)


def test_it_refuses_to_edit_who_left_when_they_were_dealt_in_later(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"])
    record(match, {"leave": "Cara"}, hand("Alice", Ben=3, Dan=4))
    leave = events_of(match)[0]
    response = client.post(
        url("edit", match, event_id=leave.pk), {"action": "leave", "player": "Dan", "after": ""}
    )
    assert "That would make hand 1 impossible: Dan has left the table and was not dealt in" in (
        text(response)
    )
    assert events_of(match)[0].data == {"leave": "Cara"}


def test_it_edits_a_join_to_sit_elsewhere(client, host):
    match = MatchFactory(host=host)
    record(match, {"join": "Dan"})
    join = events_of(match)[0]
    client.post(
        url("edit", match, event_id=join.pk), {"action": "join", "player": "Dan", "after": "Alice"}
    )
    assert list(totals_on(client.get(url("detail", match)))) == ["Alice", "Dan", "Ben", "Cara"]


def test_it_deletes_an_event_and_lists_it_to_put_back(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=1, Cara=1), hand("Ben", Alice=1, Cara=1), {"target": 200})
    first = events_of(match)[0]
    response = client.post(url("delete", match, event_id=first.pk), follow=True)
    page = text(response)
    # The hand after it moves up, said by its number and dealer as it was.
    assert (
        "Hand 1 deleted. Totals: Ben 4 → 2. Dealers: hand 2, dealt by Ben, is now hand 1, "
        "dealt by Alice. Ben deals next (not Cara)." in page
    )
    at = Event.objects.get(pk=first.pk).deleted.strftime("%H:%M UTC")
    assert f"Deleted Hand 1, where Ben went out (Alice 1, Cara 1) deleted at {at} Put back" in page
    asked = text(client.post(url("restore", match, event_id=first.pk)))
    # It goes back before the two entries recorded since: the board asks first.
    assert (
        "Putting back the hand where Ben went out (Alice 1, Cara 1) puts it in its place, "
        "before the 2 entries recorded after it. Totals: Ben 2 → 4. Dealers: hand 1, dealt by "
        "Alice, is now hand 2, dealt by Ben. Cara deals next (not Ben)."
    ) in asked
    assert "Yes, put it back" in asked
    assert totals_on(client.get(url("detail", match)))["Ben"] == 2
    client.post(url("restore", match, event_id=first.pk), {"confirm": "on"})
    assert totals_on(client.get(url("detail", match)))["Ben"] == 4


def deleted_rows(response) -> list[str]:
    """The rows of the list of deleted entries, as read."""
    page = response.content.decode()
    listed = page.split('<ul class="history deleted">')[1].split("</ul>")[0]
    return [
        " ".join(re.sub(r"<[^>]+>", " ", row).split()).replace("&#x27;", "'")
        for row in re.findall(r"<li>(.*?)</li>", listed, re.S)
    ]


def test_alike_deleted_hands_are_told_apart_by_their_number_and_when(client, host):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=1) for _ in range(4)])
    second, fourth = events_of(match)[1], events_of(match)[3]
    services.event_delete(match=Match.objects.get(pk=match.pk), event_id=fourth.pk)
    Event.objects.filter(pk=fourth.pk).update(deleted=datetime(2026, 5, 3, 21, 4, tzinfo=UTC))
    services.event_delete(match=Match.objects.get(pk=match.pk), event_id=second.pk)
    Event.objects.filter(pk=second.pk).update(deleted=datetime(2026, 5, 3, 21, 9, tzinfo=UTC))
    services.event_record(match=Match.objects.get(pk=match.pk), data=hand("Cara", Alice=2, Ben=3))
    for page in (url("detail", match), url("entries", match)):
        rows = deleted_rows(client.get(page))
        # Newest first, each the hand it was on the board when it was deleted.
        assert rows == [
            "Hand 2, where Ben went out (Alice 1, Cara 1) deleted at 21:09 UTC "
            "Put back Hand 2, where Ben went out (Alice 1, Cara 1)",
            "Hand 4, where Ben went out (Alice 1, Cara 1) deleted at 21:04 UTC "
            "Put back Hand 4, where Ben went out (Alice 1, Cara 1)",
        ]
    # In the phone's own time zone, as the entries' times are.
    client.cookies["tz"] = "Europe/Paris"
    assert "deleted at 23:09 CEST" in deleted_rows(client.get(url("entries", match)))[0]


def test_a_long_list_of_deleted_entries_shows_the_newest_twenty_and_counts_the_rest(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=n) for n in range(1, 27)])
    for event in events_of(match)[:25]:
        services.event_delete(match=Match.objects.get(pk=match.pk), event_id=event.pk)
    for page in (url("detail", match), url("entries", match)):
        response = client.get(page)
        rows = deleted_rows(response)
        assert len(rows) == 20
        assert rows[0].startswith("Hand 1, where Ben went out (Alice 1, Cara 25)")
        assert rows[-1].startswith("Hand 1, where Ben went out (Alice 1, Cara 6)")
        assert "5 older deleted entries are not listed: list every deleted entry" in text(response)
        every_link = f'<a href="{url("entries", match)}?deleted=all">list every deleted entry</a>'
        assert every_link in response.content.decode()
    # Every one of them, each with its Put back.
    every = client.get(url("entries", match), {"deleted": "all"})
    rows = deleted_rows(every)
    assert len(rows) == 25
    assert rows[-1].startswith("Hand 1, where Ben went out (Alice 1, Cara 1)")
    assert "not listed" not in text(every)
    oldest = events_of(match)[0]
    assert f'action="{url("restore", match, event_id=oldest.pk)}"' in every.content.decode()
    # Drawn: the session with its user, the match, and it with its seats and events.
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
    with django_assert_num_queries(5):
        client.get(url("entries", match))


def test_it_refuses_a_delete_and_keeps_the_event(client, host):
    match = MatchFactory(host=host)
    record(match, {"join": "Dan"}, hand("Dan", Alice=1, Ben=1, Cara=1))
    join = events_of(match)[0]
    response = client.post(url("delete", match, event_id=join.pk), follow=True)
    assert (
        "Dan joining was not deleted. That would make hand 1 impossible: Dan is not at the table"
        in text(response)
    )
    assert Event.objects.filter(deleted__isnull=True).count() == 2


# Rematch and house rules ---------------------------------------------------------------------


@pytest.mark.parametrize("scheme", SCHEMES)
def test_it_starts_a_rematch_with_the_deal_one_seat_along(client, host, scheme):
    match = MatchFactory(host=host, scheme=scheme, target=200, first_dealer="Ben")
    record(match, hand("Alice", Ben=100, Cara=100))
    # Under penalty the match is still open: the rematch is confirmed.
    response = client.post(url("rematch", match), {"confirm": "on"}, follow=True)
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert rematch.player_names() == ["Alice", "Ben", "Cara"]
    assert (rematch.rules["scheme"], rematch.rules["target"]) == (scheme, 200)
    assert totals_on(response) == {"Alice": 0, "Ben": 0, "Cara": 0}
    assert "Cara deals , 7 cards each. Alice plays first." in text(response)


def test_it_starts_one_rematch_for_a_double_tap(client, host):
    match = MatchFactory(host=host)
    token = str(uuid.uuid4())
    client.post(url("rematch", match), {"token": token, "confirm": "on"})
    client.post(url("rematch", match), {"token": token, "confirm": "on"})
    assert Match.objects.count() == 2


@pytest.mark.parametrize("scheme", SCHEMES)
def test_it_asks_before_a_rematch_of_an_open_match(client, host, scheme):
    match = MatchFactory(host=host, scheme=scheme)
    record(match, hand("Ben", Alice=23, Cara=18))
    response = client.post(url("rematch", match), {"token": str(uuid.uuid4())})
    assert response.status_code == 200
    assert (
        "This match is still open: hand 2 is next. Start a new match with the same players "
        "anyway? This one stays as it is." in text(response)
    )
    assert "Yes, start a rematch" in text(response)
    assert Match.objects.count() == 1


def test_it_offers_a_rematch_of_a_closed_match_at_once(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=100))
    response = client.post(url("rematch", match), {"token": str(uuid.uuid4())})
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert response.status_code == 302
    assert response["Location"] == url("detail", rematch)


@pytest.mark.parametrize("closed", [True, False])
def test_a_board_whose_rematch_exists_offers_to_open_it(client, host, closed):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    if closed:
        record(match, hand("Alice", Ben=100))
    before = text(client.get(url("detail", match)))
    assert "Rematch: same players, next dealer" in before
    assert "A rematch of this match was started already." not in before
    client.post(url("rematch", match), {"token": str(uuid.uuid4()), "confirm": "on"})
    rematch = Match.objects.exclude(pk=match.pk).get()
    # Another screen's board, drawn afresh for the version the rematch wrote.
    page = text(client.get(url("detail", match)))
    assert "A rematch of this match was started already. Open the rematch" in page
    assert "Rematch: same players, next dealer" not in page
    # Open it: no question, even of a match still open, and no third match.
    response = client.post(url("rematch", match), {"token": str(uuid.uuid4())})
    assert response.status_code == 302
    assert response["Location"] == url("detail", rematch)
    assert Match.objects.count() == 2


def test_it_leaves_out_players_who_left_from_a_rematch(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"])
    record(match, {"leave": "Alice"})
    client.post(url("rematch", match), {"confirm": "on"})
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert rematch.player_names() == ["Ben", "Cara", "Dan"]
    assert rematch.first_dealer.name == "Ben"


def test_it_changes_house_rules_until_the_first_hand(client, host):
    match = MatchFactory(host=host)
    form = client.get(url("rules", match)).content.decode()
    assert 'name="target" value="100"' in form
    rules = {
        "scheme": "penalty",
        "target": "200",
        "rummy_bonus": "flat_25",
        "stock_out": "no_score",
        "hand_limit": "20",
        "ace_value": "11",
        "decks": "",
    }
    client.post(url("rules", match), rules)
    match.refresh_from_db()
    assert tuple(match.rules[key] for key in ("scheme", "target", "rummy_bonus", "ace_value")) == (
        "penalty",
        200,
        "flat_25",
        11,
    )
    record(match, hand("Ben", Alice=23, Cara=18))
    response = client.post(url("rules", match), {**rules, "scheme": "highest_wins"})
    assert "The house rules are fixed once the first hand is recorded." in text(response)
    match.refresh_from_db()
    assert match.rules["scheme"] == "penalty"


# Security and speed --------------------------------------------------------------------------


def test_it_shows_another_hosts_events_as_not_found(client, host):
    theirs = MatchFactory()
    record(theirs, hand("Ben", Alice=23, Cara=18))
    event = events_of(theirs)[0]
    assert client.get(url("edit", theirs, event_id=event.pk)).status_code == 404
    assert client.get(url("rules", theirs)).status_code == 404
    for name, kwargs in [
        ("edit", {"event_id": event.pk}),
        ("delete", {"event_id": event.pk}),
        ("seats", {}),
        ("rematch", {}),
        ("rules", {}),
        ("preview", {}),
    ]:
        assert (
            client.post(url(name, theirs, **kwargs), seat_post("leave", "Ben")).status_code == 404
        )
    assert Match.objects.count() == 1
    assert Event.objects.filter(deleted__isnull=True).count() == 1


def test_it_reads_the_edit_page_in_a_fixed_number_of_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host)
    record(match, *[hand("Ben", Alice=2, Cara=3)] * 5)
    first = events_of(match)[0]
    # the session, its user, the match with its seats and every event
    with django_assert_num_queries(5):
        client.get(url("edit", match, event_id=first.pk))


def test_it_keeps_the_home_page_to_its_own_matches(client, host):
    MatchFactory(host=host, players=["Gus", "Hal"])
    MatchFactory(players=["Ivy", "Jo"])
    page = text(client.get(reverse("matches:home")))
    assert "Gus 0, Hal 0" in page and "Ivy" not in page


def test_it_reads_the_new_match_and_rules_pages_in_few_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host)
    # the session, its user, the host's player names
    with django_assert_num_queries(3):
        client.get(reverse("matches:new"))
    # the session, its user, the match with its snapshot
    with django_assert_num_queries(3):
        client.get(url("rules", match))


def test_it_records_a_hand_in_a_bounded_number_of_queries(client, host, django_assert_num_queries):
    match = MatchFactory(host=host)
    record(match, *[hand("Ben", Alice=2, Cara=3)] * 5)
    data = hand_post(match, "Ben", Alice=2, Cara=3)
    # The same count whatever the number of hands: nothing is fetched per hand.
    # As test_board_loop's plain save, and the events the board shows.
    with django_assert_num_queries(12):
        client.post(url("hand", match), data, headers={"HX-Request": "true"})


def test_it_says_what_a_put_back_changed_and_names_hands_as_shown(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=1, Cara=1), hand("Ben", Alice=1, Cara=1))
    first = events_of(match)[0]
    services.event_delete(match=match, event_id=first.pk)
    response = client.post(url("restore", match, event_id=first.pk), {"confirm": "on"}, follow=True)
    assert (
        "Put back hand 1, where Ben went out (Alice 1, Cara 1). Totals: Ben 2 → 4. "
        "Dealers: hand 1, dealt by Alice, is now hand 2, dealt by Ben. "
        "Cara deals next (not Ben)." in text(response)
    )


def test_it_names_the_hand_as_the_board_shows_it_when_a_put_back_is_refused(client, host):
    match = MatchFactory(host=host, target=100)
    record(match, hand("Ben", Alice=51, Cara=49))
    first = events_of(match)[0]
    services.event_delete(match=match, event_id=first.pk)
    record(match, hand("Cara", Alice=1, Ben=1), hand("Ben", Alice=1, Cara=1))
    response = client.post(url("restore", match, event_id=first.pk), follow=True)
    # The board shows the later hands as 1 and 2; the first of them becomes impossible.
    assert "It cannot be put back: That would make hand 1 impossible: the match is closed" in (
        text(response)
    )


def test_it_writes_joins_and_leaves_with_the_boards_spelling(client, host):
    match = MatchFactory(host=host)
    record(match, {"leave": "ben"}, {"join": "BEN"}, {"join": "Dan"})
    page = text(client.get(url("detail", match)))
    assert "Ben came back to their seat" in page and "Ben left the table" in page
    assert "Dan sat down" in page


def test_a_player_who_left_and_came_back_is_said_to_come_back_on_the_sheet_and_entries(
    client, host
):
    match = MatchFactory(host=host, target=1000)
    record(
        match,
        hand("Ben", Alice=2, Cara=3),
        {"leave": "Cara"},
        hand("Ben", Alice=2),
        {"join": "Dan", "after": "Alice"},
        {"join": "cara"},
    )
    for page in ("sheet", "entries"):
        shown = text(client.get(url(page, match)))
        assert "Cara came back to their seat" in shown, page
        assert "Dan sat down after Alice" in shown, page
        assert "Cara sat down" not in shown, page


def test_it_asks_for_the_name_of_a_player_joining(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("seats", match), seat_post("join", ""))
    assert "Type the name of the player leaving or joining" in text(response)


def test_it_says_saved_and_what_was_recorded(client, host):
    match = MatchFactory(host=host)
    response = client.post(
        url("hand", match), hand_post(match, "Ben", Alice=23, Cara=18), follow=True
    )
    assert "Saved hand 1: Ben takes 41." in text(response)


def test_a_returning_player_is_told_their_seat_and_total_are_back(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=500)
    record(match, hand("Ben", Alice=23, Cara=18), {"leave": "Ben"})
    response = client.post(
        url("seats", match),
        {"token": str(uuid.uuid4()), "action": "join", "player": "ben", "after": ""},
        follow=True,
    )
    assert "Ben is back in their seat, with 41 points." in text(response)


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_a_hand_taken_back_and_typed_again_is_put_back_only_when_the_host_says_so(
    client, host, scheme
):
    match = MatchFactory(host=host, scheme=scheme)
    record(match, hand("Ben", Alice=1, Cara=1))
    wrong = hand_post(match, "Ben", Alice=10, Cara=5)
    client.post(url("hand", match), wrong)
    taken = events_of(match)[-1]
    client.post(url("undo", match), {"event": taken.pk})
    client.post(url("hand", match), hand_post(match, "Alice", Ben=10, Cara=5))
    before = totals_on(client.get(url("detail", match)))

    asked = client.post(url("restore", match, event_id=taken.pk), headers={"HX-Request": "true"})
    assert "before the 1 entry recorded after it" in text(asked)
    assert 'data-focus="confirm"' in asked.content.decode()
    assert totals_on(client.get(url("detail", match))) == before  # nothing changed yet

    client.get(url("detail", match))  # "Keep it aside": the board as it was
    assert Event.objects.get(pk=taken.pk).deleted is not None
    client.post(url("restore", match, event_id=taken.pk), {"confirm": "on"})
    assert Event.objects.get(pk=taken.pk).deleted is None
    assert len(events_of(match)) == 3
