"""The history of a host's matches, the finished score sheet with its chart,
and setting a match aside or deleting it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.urls import reverse

from matches import services
from matches.models import Event, Match, MatchPlayer
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.refusals import refused_with
from tests.test_board_loop import text, url

pytestmark = pytest.mark.django_db

HISTORY = reverse("matches:history")


def made_at(match: Match, when: datetime) -> Match:
    Match.objects.filter(pk=match.pk).update(created=when)
    match.refresh_from_db()
    return match


def listed(response) -> str:
    """The text of the list of matches alone (not the filters' choices)."""
    page = response.content.decode()
    if '<ul class="match-list">' not in page:
        return ""
    return " ".join(
        re.sub(r"<[^>]+>", " ", page.split('<ul class="match-list">')[1].split("</ul>")[0]).split()
    )


def history_names(page: str) -> list[str]:
    """The first player of every row, in the order listed."""
    return re.findall(r"(P\d+) \d+, Ben", page)


# The history list --------------------------------------------------------------------


def test_it_pages_the_history_newest_first_both_ways(client, host):
    start = datetime(2026, 11, 1, 20, tzinfo=UTC)
    for n in range(23):
        made_at(MatchFactory(host=host, players=[f"P{n}", "Ben"]), start + timedelta(days=n))
    first = client.get(HISTORY)
    assert history_names(text(first)) == [f"P{n}" for n in range(22, 2, -1)]
    assert "Older matches" in text(first) and "Newer matches" not in text(first)
    older_link = re.search(r'href="(\?before=[^"]+)"', first.content.decode()).group(1)
    older = client.get(HISTORY + older_link.replace("&amp;", "&"))
    assert history_names(text(older)) == ["P2", "P1", "P0"]
    assert "Older matches" not in text(older)
    newer_link = re.search(r'href="(\?after=[^"]+)"', older.content.decode()).group(1)
    back = client.get(HISTORY + newer_link.replace("&amp;", "&"))
    assert history_names(text(back)) == [f"P{n}" for n in range(22, 2, -1)]
    assert "Newer matches" not in text(back) and "Older matches" in text(back)


def test_matches_made_at_the_same_moment_are_each_listed_once(client, host):
    moment = datetime(2026, 11, 1, 20, tzinfo=UTC)
    for n in range(25):
        made_at(MatchFactory(host=host, players=[f"P{n}", "Ben"]), moment)
    first = client.get(HISTORY)
    link = re.search(r'href="(\?before=[^"]+)"', first.content.decode()).group(1)
    second = client.get(HISTORY + link)
    listed = history_names(text(first)) + history_names(text(second))
    assert sorted(listed) == sorted(f"P{n}" for n in range(25))


def test_it_filters_by_status(client, host):
    open_match = MatchFactory(host=host, players=["Amy", "Bob"])
    closed = MatchFactory(host=host, players=["Cy", "Di"])
    record(closed, hand("Cy", Di=100))
    abandoned = MatchFactory(host=host, players=["Ed", "Flo"])
    services.match_abandon(match=abandoned)
    assert open_match and abandoned

    def shown(status: str) -> str:
        return listed(client.get(HISTORY, {"status": status}))

    assert "Amy" in shown("open") and "Cy" not in shown("open") and "Ed" not in shown("open")
    assert "1 Cy 100, 2 Di 0" in shown("closed") and "Amy" not in shown("closed")
    page = shown("abandoned")
    assert "Ed 0, Flo 0 Abandoned · no hands yet · line 100" in page
    assert "Amy" not in page
    everything = shown("")
    assert all(name in everything for name in ("Amy", "Cy", "Ed"))


def test_it_filters_by_player_including_one_who_joined_later(client, host):
    first = MatchFactory(host=host, players=["Amy", "Bob"])
    record(first, {"join": "Zed"})
    MatchFactory(host=host, players=["Amy", "Cy"])
    zed = MatchPlayer.objects.get(match=first, player__name="Zed").player
    page = listed(client.get(HISTORY, {"player": zed.pk}))
    assert "Amy 0, Bob 0, Zed 0" in page and "Cy" not in page
    nobody = text(client.get(HISTORY, {"player": zed.pk, "status": "closed"}))
    assert "No closed matches with Zed." in nobody


def test_a_filter_that_is_no_choice_is_named_and_not_applied(client, host):
    MatchFactory(host=host, players=["Amy", "Bob"])
    other = MatchFactory(players=["Cy", "Di"])
    cy = MatchPlayer.objects.get(match=other, player__name="Cy").player
    response = client.get(HISTORY, {"player": cy.pk, "status": "won\x00"})
    assert "Status: that is not one of all, open, closed, abandoned, so it is not applied." in text(
        response
    )
    assert "Player: that is not one of your players, so it is not applied." in text(response)
    assert listed(response).startswith("Amy 0, Bob 0") and "Cy" not in listed(response)


def test_rows_rank_a_closed_match_by_the_scheme(client, host):
    high = MatchFactory(host=host, players=["Amy", "Bob", "Cy"], target=100)
    record(high, hand("Cy", Amy=5, Bob=10))
    record(high, hand("Bob", Amy=60, Cy=50))
    low = MatchFactory(host=host, players=["Di", "Ed", "Flo"], scheme="penalty", target=100)
    record(low, hand("Ed", Di=60, Flo=50), hand("Ed", Di=30, Flo=55))
    page = text(client.get(HISTORY))
    # highest wins: Bob 110 crossed the line; Cy 15, Amy 0.
    assert "1 Bob 110, 2 Cy 15, 3 Amy 0" in page and "Bob won" in page
    # penalty: lowest first, Ed 0, Di 90, Flo 105.
    assert "1 Ed 0, 2 Di 90, 3 Flo 105" in page and "Ed won" in page


def test_a_close_with_no_winner_shows_the_shared_first_place(client, host):
    match = MatchFactory(host=host, players=["Amy", "Bob", "Cy"], hand_limit=1)
    record(match, hand(None, Amy=5, Bob=5, Cy=9))
    page = text(client.get(HISTORY))
    assert "=1 Amy 0, =1 Bob 0, =1 Cy 0" in page and "no winner" in page


def test_the_date_is_in_the_viewers_time_zone(client, host):
    made_at(MatchFactory(host=host), datetime(2026, 11, 30, 23, 30, tzinfo=UTC))
    assert "30 Nov 2026, 23:30 UTC" in text(client.get(HISTORY))
    client.cookies["tz"] = "Asia/Tokyo"
    assert "1 Dec 2026, 08:30 JST" in text(client.get(HISTORY))
    client.cookies["tz"] = "../../etc/passwd"
    assert "30 Nov 2026, 23:30 UTC" in text(client.get(HISTORY))


def test_another_hosts_matches_are_not_listed_and_not_reachable(client, host):
    theirs = MatchFactory(players=["Cy", "Di"])
    MatchFactory(host=host, players=["Amy", "Bob"])
    assert "Cy" not in text(client.get(HISTORY))  # nor among the players to filter by
    for name in ("sheet", "delete_match", "export", "export_csv"):
        assert client.get(url(name, theirs)).status_code == 404
    for name in ("abandon", "resume", "delete_match"):
        assert client.post(url(name, theirs)).status_code == 404
    assert Match.objects.filter(pk=theirs.pk, abandoned=None).exists()


def test_history_and_home_need_a_login(client):
    response = client.get(HISTORY)
    assert response.status_code == 302 and "/login/" in response["Location"]


# Pinned queries: the same with 1 and 3 matches, with 1 and 150 hands ---------------------


def long_match(host, hands: int) -> Match:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=1)] * hands)
    return match


@pytest.mark.parametrize("matches", [1, 3])
def test_history_and_home_run_a_fixed_number_of_queries(
    client, host, django_assert_num_queries, matches
):
    for _ in range(matches):
        long_match(host, 2)
    Match.objects.filter(host=host).first().standings.all()  # noqa: B018
    # the session, its user, the host's version; drawn: the host's players, a page of
    # matches, their standings
    with django_assert_num_queries(6):
        client.get(HISTORY, {"status": "open"})
    # the session, its user, the host's version; drawn: open matches, finished ones,
    # their standings
    with django_assert_num_queries(6):
        client.get(reverse("matches:home"))
    # Kept as drawn for this version: the session, its user, the host's version.
    with django_assert_num_queries(3):
        client.get(HISTORY, {"status": "open"})
    with django_assert_num_queries(3):
        client.get(reverse("matches:home"))


@pytest.mark.parametrize("hands", [1, 150])
def test_history_home_and_sheet_cost_the_same_with_1_and_150_hands(
    client, host, django_assert_num_queries, hands
):
    match = long_match(host, hands)
    with django_assert_num_queries(6):
        client.get(HISTORY)
    with django_assert_num_queries(6):
        client.get(reverse("matches:home"))
    # the session, its user, the match with its snapshot head, its events' entries
    with django_assert_num_queries(4):
        response = client.get(url("sheet", match))
    assert f"{hands} hand{'s' if hands > 1 else ''} · line 1000" in text(response)


# Abandon, resume, delete -------------------------------------------------------------


def test_an_abandoned_match_records_nothing_until_it_is_resumed(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    response = client.post(url("abandon", match), follow=True)
    page = text(response)
    assert "The match is set aside as abandoned. Resume it any time." in page
    assert "Abandoned" in page and "after 1 hand" in page
    assert "Save hand 2" not in page
    with refused_with("resume it to change the score"):
        services.event_record(match=match, data=hand("Ben", Alice=1, Cara=1))
    page = text(client.post(url("resume", match), follow=True))
    assert "The match is back in play." in page and "Save hand 2" in page
    assert Match.objects.get(pk=match.pk).abandoned is None


def test_a_finished_match_cannot_be_abandoned(client, host):
    match = MatchFactory(host=host, players=["Amy", "Bob"])
    record(match, hand("Amy", Bob=100))
    page = text(client.post(url("abandon", match), follow=True))
    assert "This match is finished, so it cannot be abandoned." in page
    assert Match.objects.get(pk=match.pk).abandoned is None


def test_deleting_a_match_asks_first_names_it_and_says_it_is_for_good(client, host):
    match = made_at(
        MatchFactory(host=host, players=["Amy", "Bob"]), datetime(2026, 11, 5, 19, tzinfo=UTC)
    )
    record(match, hand("Amy", Bob=12))
    page = text(client.get(url("delete_match", match)))
    assert "The match of 5 Nov 2026, 19:00 UTC with Amy, Bob: Amy leads, 1 hand." in page
    assert "Deleting a match is permanent." in page
    assert Match.objects.filter(pk=match.pk).exists()
    response = client.post(url("delete_match", match), follow=True)
    assert "Deleted the match of 5 Nov 2026, 19:00 UTC with Amy, Bob." in text(response)
    assert not Match.objects.filter(pk=match.pk).exists()
    assert not Event.objects.filter(match_id=match.pk).exists()
    assert response.redirect_chain[-1][0] == HISTORY


# The score sheet ---------------------------------------------------------------------


def sheet_rows(page: str) -> list[list[str]]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in cells])
    return rows


def test_the_sheet_shows_each_hand_the_take_and_running_totals(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=200)
    record(match, hand("Ben", Alice=23, Cara=18))
    record(match, hand("Cara", rummy=True, Alice=5, Ben=7))
    record(match, {"target": 150})
    record(match, hand(None, Alice=12, Ben=5, Cara=20))
    record(match, {"leave": "Cara"})
    record(match, {"join": "Dan", "after": "Alice"})
    record(match, hand("Dan", Alice=4, Ben=6))
    response = client.get(url("sheet", match))
    page = response.content.decode()
    assert sheet_rows(page) == [
        ["1 Alice", "0", "", "+41 41 (went out)", "0"],
        ["2 Ben", "0", "", "41", "+24 24 rummy (went out)"],
        ["The line moved from 200 to 150."],
        # Nobody out, lowest hand: Ben takes (12 - 5) + (20 - 5).
        ["3 Cara nobody out", "0", "", "+22 63", "24"],
        ["Cara left the table."],
        ["Dan sat down after Alice."],
        ["4 Alice", "0", "+10 10 (went out)", "63", "24"],
    ]
    foot = text(response).split("So far")[1]
    assert foot.split()[:5] == ["0", "10", "63", "24", "left"]
    assert "Still open: hand 5 is next, Dan deals." in text(response)


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_a_finished_sheet_gives_the_result_and_the_places(client, host, scheme):
    match = MatchFactory(host=host, players=["Amy", "Bob", "Cy"], scheme=scheme, target=100)
    record(match, hand("Bob", Amy=60, Cy=50))
    if scheme == "penalty":
        record(match, hand("Bob", Amy=30, Cy=55))
    page = text(client.get(url("sheet", match)))
    if scheme == "highest_wins":
        assert "Bob wins with the highest total, 110, once the line of 100 was reached." in page
        assert "Final =2 0 1 110 wins =2 0" in page
    else:
        assert "Bob wins with the lowest total, 0, once the line of 100 was reached." in page
        assert "Final 2 90 1 0 wins 3 105" in page


def test_the_sheet_rebuilds_a_stale_snapshot_first(client, host):
    match = MatchFactory(host=host, players=["Amy", "Bob"])
    record(match, hand("Amy", Bob=12))
    Match.objects.filter(pk=match.pk).update(engine_version=0, snapshot=None)
    assert "+12 12" in text(client.get(url("sheet", match)))
    assert Match.objects.get(pk=match.pk).snapshot["totals"] == [12, 0]


def test_names_are_escaped_on_the_sheet_and_in_the_chart(client):
    user = UserFactory()
    client.force_login(user)
    match = MatchFactory(host=user, players=["<b>Amy</b>", "Bob & Co"])
    record(match, hand("Bob & Co", **{"<b>Amy</b>": 7}))
    page = client.get(url("sheet", match)).content.decode()
    assert "<b>Amy</b>" not in page and "&lt;b&gt;Amy&lt;/b&gt;" in page
    svg = ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", page, re.S).group(0))
    assert [
        line.get("data-player") for line in svg.iter("polyline") if line.get("data-player")
    ] == [
        "<b>Amy</b>",
        "Bob & Co",
    ]


def read_chart(page: str) -> dict[str, list[float]]:
    """Each player's totals read back from the chart: the points of their
    polyline, mapped to points through the axis labels' positions."""
    svg = ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", page, re.S).group(0))
    ticks = {
        float(tick.get("y")): int(tick.get("data-points"))
        for tick in svg.iter("text")
        if tick.get("data-points") is not None
    }
    (y0, v0), (y1, v1) = sorted(ticks.items())[0], sorted(ticks.items())[-1]
    per_unit = (v1 - v0) / (y1 - y0)
    totals = {}
    for line in svg.iter("polyline"):
        if line.get("data-player"):
            ys = [float(point.split(",")[1]) for point in line.get("points").split()]
            totals[line.get("data-player")] = [round(v0 + (y - y0) * per_unit) for y in ys]
    return totals


def test_the_chart_has_a_point_per_hand_per_player_at_the_totals(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=300)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    record(match, {"join": "Dan"}, hand("Dan", Alice=4, Ben=6, Cara=9))
    page = client.get(url("sheet", match)).content.decode()
    assert read_chart(page) == {
        "Alice": [0, 0, 0],
        "Ben": [41, 41, 41],
        "Cara": [0, 12, 12],
        "Dan": [19],
    }
    assert "Final totals: Alice 0, Ben 41, Cara 12, Dan 19. The line stands at 300." in page


def test_the_chart_s_line_drops_where_it_was_moved_after_the_last_hand(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"], target=500)
    record(match, hand("Ben", Alice=23), hand("Alice", Ben=7), {"target": 150})
    page = client.get(url("sheet", match)).content.decode()
    svg = ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", page, re.S).group(0))
    ticks = sorted(
        (float(tick.get("y")), int(tick.get("data-points")))
        for tick in svg.iter("text")
        if tick.get("data-points") is not None
    )
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    (line,) = [each for each in svg.iter("polyline") if "chart-line" in each.get("class")]
    ys = [float(point.split(",")[1]) for point in line.get("points").split()]
    # As it stood at hands 1 and 2, then as it stands now, labelled on the axis.
    assert [round(v0 + (y - y0) * (v1 - v0) / (y1 - y0)) for y in ys] == [500, 500, 150]
    assert [points for _, points in ticks] == [500, 150, 0]


def test_the_chart_labels_the_line_rather_than_a_top_just_past_it(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"], target=200)
    record(match, hand("Ben", Alice=120), hand("Ben", Alice=84))
    page = client.get(url("sheet", match)).content.decode()
    svg = ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", page, re.S).group(0))
    labels = sorted(
        int(tick.get("data-points")) for tick in svg.iter("text") if tick.get("data-points")
    )
    # Ben won on 204: the axis says where the line stood, 200.
    assert labels == [0, 200]
    assert read_chart(page)["Ben"] == [120, 204]


def test_a_chart_of_one_hand_draws_the_line_across_it(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"], target=200)
    record(match, hand("Ben", Alice=23))
    page = client.get(url("sheet", match)).content.decode()
    svg = ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", page, re.S).group(0))
    (line,) = [each for each in svg.iter("polyline") if "chart-line" in each.get("class")]
    points = [point.split(",") for point in line.get("points").split()]
    assert len(points) == 2 and points[0][1] == points[1][1] and points[0][0] != points[1][0]


def test_a_sheet_with_no_hands_says_so_and_draws_no_chart(client, host):
    match = MatchFactory(host=host)
    page = client.get(url("sheet", match)).content.decode()
    assert "No hands yet." in page and '<svg class="chart"' not in page


# What a fresh host found ----------------------------------------------------------


def test_a_page_past_the_last_match_says_so_and_leads_back(client, host):
    made = [MatchFactory(host=host, players=[f"P{n}", "Ben"]) for n in range(21)]
    first = client.get(HISTORY).content.decode()
    older_link = re.search(r'href="(\?before=[^"]+)"', first).group(1)
    services.match_delete(match=made[0])  # the only older one goes meanwhile
    page = text(client.get(HISTORY + older_link))
    assert "No more matches this way. Back to the newest" in page
    # From the oldest end, "newer" pages offer "older" only while there are some.
    everything = text(client.get(HISTORY, {"after": "0-0"}))
    assert history_names(everything) == [f"P{n}" for n in range(20, 0, -1)]
    assert "Older matches" not in everything and "Newer matches" not in everything


def test_writes_to_an_abandoned_match_say_why_nothing_was_saved(client, host):
    from tests.test_board_loop import hand_post

    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    services.match_abandon(match=match)
    response = client.post(url("hand", match), data, follow=True)
    assert "Not saved: this match was set aside as abandoned on another screen." in text(response)
    htmx = client.post(url("undo", match), headers={"HX-Request": "true"})
    assert "This match is set aside as abandoned" in text(htmx)
    assert not Event.objects.filter(match=match).exists()
    assert "is in play already" not in text(client.post(url("resume", match), follow=True))
    assert "This match is in play already." in text(client.post(url("resume", match), follow=True))


def test_a_hand_saved_by_htmx_after_another_screen_set_the_match_aside_keeps_the_hand(client, host):
    from tests.test_board_loop import hand_post

    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    services.match_abandon(match=match)
    response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    # Not 2xx: htmx swaps nothing, so the form keeps the hand as typed, and
    # static/js/app.js shows these words under it.
    assert response.status_code == 409
    assert response.content.decode() == (
        "Not saved: this match was set aside as abandoned on another screen. "
        "Your entries are still here: resume the match (open its board in a new tab "
        "and tap Resume this match), then tap Save again."
    )
    assert not Event.objects.filter(match=match).exists()
    # Resumed on the other screen, the same form saves the hand.
    services.match_resume(match=Match.objects.get(pk=match.pk))
    saved = client.post(url("hand", match), data, follow=True)
    assert "Saved hand 1: Ben takes 41." in text(saved)


@pytest.mark.parametrize(
    ("form", "posted", "button", "words"),
    [
        ("line", {"target": " 300 "}, "Move", "the new line 300"),
        ("seats", {"action": "join", "player": "Dan", "after": "Cara"}, "Joins", "Dan joins"),
    ],
)
def test_a_line_or_a_join_sent_after_the_match_was_set_aside_keeps_what_was_typed(
    client, host, form, posted, button, words
):
    match = MatchFactory(host=host)
    services.match_abandon(match=match)
    # By htmx: 409, so the form keeps what was typed, and the reason.
    htmx = client.post(url(form, match), posted, headers={"HX-Request": "true"})
    assert htmx.status_code == 409
    assert htmx.content.decode() == (
        "Not saved: this match was set aside as abandoned on another screen. "
        "What you typed is still here: resume the match (open its board in a new tab "
        f"and tap Resume this match), then tap {button} again."
    )
    # Without JavaScript: the board says why, and what was typed.
    page = text(client.post(url(form, match), posted, follow=True))
    assert "This match is set aside as abandoned: resume it to change the score." in page
    assert f"You had entered: {words}." in page
    stored = Match.objects.get(pk=match.pk)
    assert not Event.objects.filter(match=match).exists()
    assert stored.rules["target"] == match.rules["target"]


def test_a_hand_saved_without_javascript_after_the_match_was_set_aside_says_what_was_typed(
    client, host
):
    from tests.test_board_loop import hand_post

    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    services.match_abandon(match=match)
    response = client.post(url("hand", match), data)
    page = text(response)
    assert (
        "Not saved: this match was set aside as abandoned on another screen. "
        "Resume it to record this hand." in page
    )
    assert "You had entered: Ben went out, Alice 23, Cara 18." in page
    assert "Resume this match" in page
    assert not Event.objects.filter(match=match).exists()


def test_an_edit_saved_after_another_screen_set_the_match_aside_says_what_was_typed(client, host):
    from tests.test_board_loop import hand_post

    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    first = Event.objects.get(match=match)
    services.match_abandon(match=match)
    response = client.post(
        url("edit", match, event_id=first.pk), hand_post(match, "Ben", Alice=9, Cara=18)
    )
    page = text(response)
    assert "You had entered: Ben went out, Alice 9, Cara 18." in page
    assert "Resume this match" in page
    assert Event.objects.get(pk=first.pk).data["hand"]["leftovers"] == {"Alice": 23, "Cara": 18}


def test_a_fix_saved_after_another_screen_set_the_match_aside_keeps_the_fix(client, host):
    from tests.test_board_loop import hand_post

    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = Event.objects.get(match=match)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    del data["hand_number"]
    data["version"] = services.data_version(event.data)
    services.match_abandon(match=match)
    fix = url("fix", match, event_id=event.pk)
    response = client.post(fix, data, headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert response.content.decode().startswith(
        "Not saved: this match was set aside as abandoned on another screen. "
        "Your entries are still here"
    )
    plain = text(client.post(fix, data))
    assert "You had entered: Ben went out, Alice 23, Cara 18." in plain
    assert Event.objects.get(match=match).data == event.data


def test_the_preview_of_a_match_set_aside_on_another_screen_says_so_in_one_line(client, host):
    from tests.test_board_loop import hand_post

    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    services.match_abandon(match=match)
    preview = client.post(url("preview", match), data, headers={"HX-Request": "true"})
    assert text(preview) == "This match is set aside as abandoned: resume it to change the score."
    assert "Resume this match" not in preview.content.decode()


def test_the_sheet_of_an_abandoned_match_says_so(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    services.match_abandon(match=match)
    assert "Abandoned after 1 hand; the line stood at 100." in text(client.get(url("sheet", match)))


def test_each_player_who_ever_sat_at_the_table_has_a_line_style_of_their_own(client, host):
    """A fresh host's find: the seventh person at a table drew their line as
    the first did."""
    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    match = MatchFactory(host=host, players=players, target=1000)
    record(match, hand("Ann", Bob=1, Cy=1, Di=1, Ed=1, Flo=1), {"leave": "Flo"})
    record(match, {"join": "Gus"}, {"leave": "Ed"}, {"join": "Hal"})
    record(match, hand("Gus", Ann=1, Bob=1, Cy=1, Di=1, Hal=1))
    page = client.get(url("sheet", match)).content.decode()
    found = re.findall(
        r'<polyline class="chart-series (series-\d+) (pc-[a-z]+)" data-player="([^"]+)"', page
    )
    styles = {player: style for style, _, player in found}
    colours = {player: colour for _, colour, player in found}
    assert len(styles) == 8 and len(set(styles.values())) == 8, styles
    # Each in their own colour too, none alike at the table.
    assert len(set(colours.values())) == 8, colours
    css = (settings.BASE_DIR / "static" / "css" / "app.css").read_text()
    for style in set(styles.values()) - {"series-0"}:  # the first seat's line is whole
        assert f".{style} {{ stroke-dasharray:" in css
    for colour in colours.values():
        assert f".{colour} {{ --pc: #" in css
