"""Players: their figures over a season, head to head, rename and merge, on a
history built with the factories whose answers are worked out by hand."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import people, services
from matches.engine.errors import RuleError
from matches.models import Event, Match, Player, PlayerFigures
from matches.words import refusal
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.factories import board as stored_board
from tests.factories import figures as player_figures
from tests.refusals import refused_with
from tests.test_board_loop import text
from tests.test_snapshot import assert_current

pytestmark = pytest.mark.django_db


def season(host) -> dict[str, Match]:
    """Five matches, oldest first:

    m1 highest wins, line 100: Ben goes out, Alice 60 and Cara 50: Ben 110 wins;
       Alice and Cara share second place (0).
    m2 penalty, line 100, Alice and Ben: Alice out (Ben 30, Alice takes 30); Ben
       out with rummy (Alice 40, doubled: Ben takes 80); Ben out (Alice 25): Alice
       105 crosses the line, Ben wins on 30.
    m3 hand limit 1: nobody out, Alice 5, Ben 5, Cara 9: two share the lowest,
       nobody scores, and the limit closes it with no winner (all =1).
    m4 Alice and Ben, abandoned after one hand.
    m5 Alice, Ben, Cara; Cara leaves; Alice out, Ben 100: Alice 100 wins, Ben
       second, Cara third having left.
    """
    m1 = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
    record(m1, hand("Ben", Alice=60, Cara=50))
    m2 = MatchFactory(host=host, players=["Alice", "Ben"], scheme="penalty", target=100)
    record(m2, hand("Alice", Ben=30), hand("Ben", rummy=True, Alice=40), hand("Ben", Alice=25))
    m3 = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], hand_limit=1)
    record(m3, hand(None, Alice=5, Ben=5, Cara=9))
    m4 = MatchFactory(host=host, players=["Alice", "Ben"])
    record(m4, hand("Alice", Ben=7))
    services.match_abandon(match=m4)
    m5 = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
    record(m5, {"leave": "Cara"}, hand("Alice", Ben=100))
    return {"m1": m1, "m2": m2, "m3": m3, "m4": m4, "m5": m5}


def figures(name: str, host) -> dict:
    kept = player_figures(Player.objects.get(host=host, name=name))
    return {
        field: kept[field]
        for field in (
            "played",
            "closed",
            "won",
            "no_winner",
            "hands_out",
            "take",
            "rummies",
            "best_hand",
        )
    }


def test_the_figures_of_a_season(host):
    season(host)
    # m4: Alice went out with Ben 7, but it counts towards played only as it stays open.
    assert figures("Alice", host) == {
        "played": 5,
        "closed": 4,
        "won": 1,
        "no_winner": 1,
        "hands_out": 3,
        "take": 137,
        "rummies": 0,
        "best_hand": 100,
    }
    assert figures("Ben", host) == {
        "played": 5,
        "closed": 4,
        "won": 2,
        "no_winner": 1,
        "hands_out": 3,
        "take": 215,
        "rummies": 1,
        "best_hand": 110,
    }
    assert figures("Cara", host) == {
        "played": 3,
        "closed": 3,
        "won": 0,
        "no_winner": 1,
        "hands_out": 0,
        "take": 0,
        "rummies": 0,
        "best_hand": None,
    }


def player_block(page: str, name: str) -> str:
    """The players page's text for one player (up to the next)."""
    start = page.index(f" {name} Played")
    following = [page.find(f" {other} Played", start + 1) for other in ("Alice", "Ben", "Cara")]
    ends = [at for at in following if at > start]
    return page[start : min(ends) if ends else len(page)]


def test_the_players_page_shows_them(client, host):
    season(host)
    page = text(client.get(reverse("matches:players")))
    assert " ".join(player_block(page, "Alice").split()) == (
        "Alice Played 5 Won 1 Win rate 25% of 4 finished No winner 1 Went out 3 hands "
        "Average take 45.7 Rummy 0 Best hand 100 Last results won, =1st, 2nd, =2nd"
    )
    ben = player_block(page, "Ben")
    assert "Win rate 50% of 4 finished" in ben and "Average take 71.7" in ben
    assert "Last results 2nd, =1st, won, won" in ben
    cara = player_block(page, "Cara")
    assert "Win rate 0% of 3 finished" in cara
    assert "Average take – Rummy 0 Best hand – Last results 3rd, left, =1st, =2nd" in cara


def test_the_players_are_listed_as_people_look_a_name_up_accents_and_case_aside(client, host):
    MatchFactory(host=host, players=["Élodie", "Yann", "Dudu", "dave"])
    MatchFactory(host=host, players=["Dédé", "Eve", "Zoë", "Zoe Ann"])
    page = client.get(reverse("matches:players")).content.decode()
    listed = re.findall(r'<a href="/players/\d+/">([^<]+)</a>', page)
    assert listed == ["dave", "Dédé", "Dudu", "Élodie", "Eve", "Yann", "Zoë", "Zoe Ann"]
    # The history's filter offers them in the same order.
    filter_page = client.get(reverse("matches:history")).content.decode()
    offered = re.findall(r'<option value="\d+">([^<]+)</option>', filter_page)
    assert offered == listed


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_the_take_follows_the_scheme(host, scheme):
    match = MatchFactory(host=host, players=["Amy", "Bob", "Cy"], scheme=scheme, target=500)
    record(match, hand("Amy", Bob=12, Cy=8), hand("Amy", rummy=True, Bob=5, Cy=5))
    # highest wins: Amy scores 20, then 10 doubled; penalty: the others are charged the same.
    assert figures("Amy", host)["take"] == 40 and figures("Amy", host)["best_hand"] == 20
    assert figures("Amy", host)["rummies"] == 1


def test_the_players_page_costs_the_same_with_1_and_3_matches(
    client, host, django_assert_num_queries
):
    record(MatchFactory(host=host), hand("Ben", Alice=2, Cara=3))
    # the session with its user, the host's version; drawn: the players
    # with their figures
    with django_assert_num_queries(5):
        client.get(reverse("matches:players"))
    for _ in range(2):
        record(MatchFactory(host=host), hand("Ben", Alice=2, Cara=3))
    with django_assert_num_queries(5):
        client.get(reverse("matches:players"))
    # kept as drawn until the host's next write
    with django_assert_num_queries(3):
        client.get(reverse("matches:players"))


def test_a_players_page_and_head_to_head(client, host):
    matches = season(host)
    alice = Player.objects.get(host=host, name="Alice")
    ben = Player.objects.get(host=host, name="Ben")
    cara = Player.objects.get(host=host, name="Cara")
    page = text(client.get(reverse("matches:player", args=[alice.pk]), {"with": ben.pk}))
    # m1 Ben ahead, m2 Ben, m3 level, m5 Alice; m4 is open.
    assert (
        "Alice 1, Ben 2 , level 1: who placed ahead in the 4 finished matches both played, "
        "and 1 not finished." in page
    )
    assert "Alice abandoned · Ben abandoned" in page
    # Places as the last results say them: "2nd", "=1st" (m3: all level).
    assert "Alice 1st · Ben 2nd" in page and "Alice =1st · Ben =1st" in page
    page = text(client.get(reverse("matches:player", args=[alice.pk]), {"with": cara.pk}))
    assert "Alice 1st · Cara 3rd, left" in page  # m5: never "3 left"
    assert "Places in 4 finished matches, oldest first:" in page
    detail = client.get(reverse("matches:player", args=[alice.pk])).content.decode()
    assert reverse("matches:sheet", args=[matches["m5"].public_id]) in detail


def test_another_hosts_player_is_not_found(client, host):
    theirs = MatchFactory(players=["Zed", "Yan"])
    zed = Player.objects.get(host=theirs.host, name="Zed")
    assert client.get(reverse("matches:player", args=[zed.pk])).status_code == 404
    assert (
        client.post(reverse("matches:player_rename", args=[zed.pk]), {"name": "Z"}).status_code
        == 404
    )
    mine = MatchFactory(host=host, players=["Amy", "Bo"])
    amy = Player.objects.get(host=host, name="Amy")
    for confirm in ("", "yes"):
        response = client.post(
            reverse("matches:player_merge", args=[amy.pk]), {"into": zed.pk, "confirm": confirm}
        )
        assert response.status_code == 404
    assert Player.objects.filter(pk=amy.pk).exists() and mine


# Rename and merge -----------------------------------------------------------------------


def test_a_rename_follows_every_match(client, host):
    matches = season(host)
    # A joiner typed in another case is still the same player.
    record(matches["m5"], {"target": 200}, {"join": "dan"}, {"leave": "ben"}, {"join": "BEN"})
    ben = Player.objects.get(host=host, name="Ben")
    before = figures("Ben", host)
    response = client.post(
        reverse("matches:player_rename", args=[ben.pk]), {"name": "  Benjamin "}, follow=True
    )
    assert "Renamed to Benjamin; every match follows." in text(response)
    assert figures("Benjamin", host) == before
    m2 = Match.objects.get(pk=matches["m2"].pk)
    assert m2.snapshot["seats"] == ["Alice", "Benjamin"] and m2.snapshot["winner"] == "Benjamin"
    assert [e.data["hand"]["went_out"] for e in Event.objects.filter(match=m2)] == [
        "Alice",
        "Benjamin",
        "Benjamin",
    ]
    assert stored_board(m2).totals == {"Alice": 105, "Benjamin": 30}
    assert "Benjamin" in text(client.get(reverse("matches:sheet", args=[m2.public_id])))
    # Every match's stored snapshot and figures are what a replay gives.
    for match in Match.objects.filter(host=host):
        assert_current(match)


def test_a_rename_to_another_players_name_offers_a_merge(client, host):
    season(host)
    MatchFactory(host=host, players=["Benny", "Cara"])
    benny = Player.objects.get(host=host, name="Benny")
    page = text(client.post(reverse("matches:player_rename", args=[benny.pk]), {"name": "BEN"}))
    assert (
        "Ben is already one of your players. Merge Benny into Ben if they are the same person."
        in page
    )
    assert "Merge Benny into Ben" in page
    assert Player.objects.filter(host=host, name="Benny").exists()
    empty = text(
        client.post(reverse("matches:player_rename", args=[benny.pk]), {"name": " \u200b "})
    )
    assert "The new name: every player needs a name" in empty


def test_a_rename_to_the_name_of_someone_at_the_same_table_offers_no_merge(client, host):
    matches = season(host)
    ben = Player.objects.get(host=host, name="Ben")
    page = text(client.post(reverse("matches:player_rename", args=[ben.pk]), {"name": "alice"}))
    day = timezone.localtime(matches["m1"].created)
    assert (
        "Alice is already one of your players. Alice and Ben both played in the match of "
        f"{day.day} {day:%b %Y, %H:%M} UTC, so they are two people: choose another name." in page
    )
    assert "Merge Ben into Alice" not in page
    assert Player.objects.get(pk=ben.pk).name == "Ben"
    # The player's page offers to merge only with those never at one table.
    MatchFactory(host=host, players=["Benny", "Cara"])
    player_page = client.get(reverse("matches:player", args=[ben.pk]))
    merge_choices = player_page.context["mergeable"]
    assert [each.name for each in merge_choices] == ["Benny"]


def test_a_merge_makes_one_person_of_two_names(client, host):
    season(host)
    other = MatchFactory(host=host, players=["Benny", "Cara"], target=100)
    record(other, hand("Benny", Cara=100))
    benny = Player.objects.get(host=host, name="Benny")
    ben = Player.objects.get(host=host, name="Ben")
    merge = reverse("matches:player_merge", args=[benny.pk])
    # Asked first: a merge cannot be undone.
    asked = text(client.post(merge, {"into": ben.pk}))
    assert "Merge Benny into Ben?" in asked
    assert (
        "Benny and Ben become one person, named Ben: the 1 match Benny played, with its "
        "entries, sheet and figures, becomes Ben's, and the name Benny goes." in asked
    )
    assert "A merge cannot be undone." in asked
    assert Player.objects.filter(host=host, name="Benny").exists()
    response = client.post(merge, {"into": ben.pk, "confirm": "yes"}, follow=True)
    assert "Benny is merged into Ben; every match follows." in text(response)
    assert not Player.objects.filter(host=host, name="Benny").exists()
    assert figures("Ben", host) == {
        "played": 6,
        "closed": 5,
        "won": 3,
        "no_winner": 1,
        "hands_out": 4,
        "take": 315,
        "rummies": 1,
        "best_hand": 110,
    }
    stored = Match.objects.get(pk=other.pk)
    assert stored.player_names() == ["Ben", "Cara"] and stored.snapshot["winner"] == "Ben"
    assert Event.objects.get(match=other).data["hand"]["went_out"] == "Ben"
    for match in Match.objects.filter(host=host):
        assert_current(match)


def test_a_merge_of_two_who_played_together_is_refused(client, host):
    matches = season(host)
    alice = Player.objects.get(host=host, name="Alice")
    ben = Player.objects.get(host=host, name="Ben")
    with pytest.raises(RuleError) as refused:
        services.players_merge(keep=alice, gone=ben)
    day = matches["m1"].created
    assert refusal(refused.value) == (
        f"Ben and Alice both played in the match of {day.day} {day:%b %Y, %H:%M} UTC, so they are "
        "two people: they cannot be merged."
    )
    assert figures("Ben", host)["played"] == 5
    # Said at once, before any question.
    page = text(
        client.post(reverse("matches:player_merge", args=[ben.pk]), {"into": alice.pk}, follow=True)
    )
    assert "so they are two people: they cannot be merged." in page
    assert "Merge Ben into Alice?" not in page


def test_a_merge_across_hosts_or_with_itself_is_refused():
    first = MatchFactory(players=["Amy", "Bo"])
    amy = Player.objects.get(host=first.host, name="Amy")
    other = Player.objects.create(host=UserFactory(), name="Amy")
    for keep, gone in ((amy, amy), (amy, other)):
        with refused_with("Choose two different players to merge."):
            services.players_merge(keep=keep, gone=gone)


def test_a_write_made_outside_the_pages_is_drawn_on_the_hosts_lists(client, host):
    """The host's lists are kept under their version, which every service
    moves on: a change made by a command or a shell through the services
    shows at once, as one made through the pages does."""
    MatchFactory(host=host, players=["Alice", "Ben"])
    gone = MatchFactory(host=host, players=["Alice", "Cara"])
    assert "Ben" in text(client.get(reverse("matches:players")))
    assert "Alice 0, Cara 0" in text(client.get(reverse("matches:home")))
    services.player_rename(player=Player.objects.get(host=host, name="Ben"), name="Benedict")
    page = text(client.get(reverse("matches:players")))
    assert "Benedict" in page and " Ben " not in page
    services.match_delete(match=gone)
    home = text(client.get(reverse("matches:home")))
    assert "Alice 0, Cara 0" not in home and "Alice 0, Benedict 0" in home


@pytest.mark.django_db(transaction=True)
def test_a_host_whose_matches_are_deleted_is_deleted_with_their_players():
    """Deleting a host (the admin, once their matches are deleted) takes
    their players and stamp; the stamp's triggers make no stamp again for a
    host about to be gone, which the database would refuse at the commit."""
    from django.contrib.auth import get_user_model

    from matches.models import HostVersion

    host, other = UserFactory(), UserFactory()
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=2, Cara=3))
    record(MatchFactory(host=other), hand("Ben", Alice=2, Cara=3))
    services.match_delete(match=match)
    assert Player.objects.filter(host=host).count() == 3
    get_user_model().objects.filter(pk=host.pk).delete()
    assert not Player.objects.filter(host_id=host.pk).exists()
    assert list(HostVersion.objects.values_list("host_id", flat=True)) == [other.pk]


def test_a_merge_with_no_player_chosen_says_to_choose_one(client, host):
    MatchFactory(host=host, players=["Ivy", "Lou"])
    MatchFactory(host=host, players=["Ivey", "Lou"])  # perhaps Ivy, another day
    ivy = Player.objects.get(host=host, name="Ivy")
    page = client.get(reverse("matches:player", args=[ivy.pk])).content.decode()
    # Nobody is chosen until the host chooses: a tap on Merge alone merges no one.
    assert '<option value="">Choose a player</option>' in page
    merge = reverse("matches:player_merge", args=[ivy.pk])
    response = client.post(merge, {"into": ""}, follow=True)
    assert "Choose the player Ivy is merged into." in text(response)
    assert Player.objects.filter(host=host, name="Ivy").exists()


def test_a_rename_or_a_join_typed_with_a_run_of_spaces_names_the_player_with_one(client, host):
    match = MatchFactory(host=host, players=["Jo Ann", "Bo", "Cy"])
    bo = Player.objects.get(host=host, name="Bo")
    rename = reverse("matches:player_rename", args=[bo.pk])
    refused = text(client.post(rename, {"name": "jo   ann"}))
    assert "Jo Ann is already one of your players." in refused
    client.post(rename, {"name": " Bo  Peep "})
    assert Player.objects.get(pk=bo.pk).name == "Bo Peep"
    same = text(client.post(rename, {"name": "Bo   Peep"}, follow=True))
    assert "The name stays Bo Peep: nothing changed." in same
    seats = reverse("matches:seats", args=[match.public_id])
    client.post(seats, {"action": "join", "player": "Dee  Dee", "after": "Jo  Ann"})
    seated = Match.objects.get(pk=match.pk).snapshot["seats"]
    assert seated == ["Jo Ann", "Dee Dee", "Bo Peep", "Cy"]


def test_a_players_averages_and_rates_round_a_half_up_as_people_do(host):
    """Alice went out 4 times for 245 points: her average take is 61.3, as a
    card player rounds 61.25, not 61.2; won 1 of 8 finished: 12.5% shows 13%."""
    match = MatchFactory(host=host, players=["Alice", "Ben"], target=1000)
    record(match, *[hand("Alice", Ben=points) for points in (60, 60, 60, 65)])
    kept = PlayerFigures.objects.get(player__host=host, player__name="Alice")
    kept.closed, kept.won = 8, 1
    (shown,) = people.figures_blocks([kept])
    rows = {term: value for term, value, _ in shown.rows}
    assert (rows["Average take"], rows["Win rate"]) == ("61.3", "13%")


def test_one_finished_match_charts_its_place_with_its_date_a_scale_and_a_caption(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
    record(match, hand("Ben", Alice=50, Cara=60))
    ben = Player.objects.get(host=host, name="Ben")
    page = client.get(reverse("matches:player", args=[ben.pk])).content.decode()
    chart = page.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    day = timezone.localtime(match.created).strftime("%-d %b")
    # A scale of the places the table had, the match's date under its point.
    assert re.findall(r'data-place="\d">([^<]+)<', chart) == ["1st", "2nd", "3rd"]
    assert f'class="chart-tick chart-hands chart-middle" x="195" y="214">{day}<' in chart
    assert f"<title>{day}: 1st</title>" in chart
    assert (
        "Ben's place in each finished match (the last 30 at most), oldest on the left, "
        "1st at the top." in text(client.get(reverse("matches:player", args=[ben.pk])))
    )
