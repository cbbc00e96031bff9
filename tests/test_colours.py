"""Players told apart at a glance: each has a colour, kept from match to
match and never shared at one table, and initials unique at the table; both
mark the player on every page; cut names never read alike; the match file
carries the colours."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from matches import colours, services
from matches.engine.errors import RuleError
from matches.engine.names import initials, own_initials
from matches.marks import short_names
from matches.models import Match, Player
from matches.transfer import export_document
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_match_pages import text, url
from tests.test_score_command import score

pytestmark = pytest.mark.django_db

BLUE, ORANGE, GREEN, PURPLE, RED = (colour.hex for colour in colours.PALETTE[:5])


def badges(page: str) -> list[tuple[str, str]]:
    """The players' badges on a page, in order: (colour's key, initials)."""
    return re.findall(r'<span class="mark pc-([a-z]+)" data-initials="([^"]*)" aria-hidden', page)


def colour_of(host, name: str) -> str:
    return Player.objects.get(host=host, name=name).colour


def stored(match: Match) -> Match:
    return Match.objects.for_replay().get(pk=match.pk)


# Initials and cut names -----------------------------------------------------------------


def test_initials_are_the_first_letters_and_the_last_name_decides_a_clash():
    assert initials(["Cara Nolan", "Cara Thomas", "Ana", "Ben"]) == {
        "Cara Nolan": "CN",
        "Cara Thomas": "CT",
        "Ana": "AN",
        "Ben": "BE",
    }
    # The same first letters: the last name's first letter that differs decides.
    assert initials(["Christopher Robinson", "Christopher Robertson"]) == {
        "Christopher Robinson": "CI",
        "Christopher Robertson": "CE",
    }
    # Alike in every letter the last name has: the next free one, else a number.
    assert initials(["Al", "All"]) == {"Al": "AL", "All": "A2"}
    # A letter keeps its vowel sign: सीता and गीता are not "सत" and "गत".
    assert initials(["सीता", "गीता", "राम शर्मा"]) == {
        "सीता": "सीता",
        "गीता": "गीता",
        "राम शर्मा": "राश",
    }
    assert own_initials("सीता", taken={"सीता"}) == "सी2"
    # Consonants joined by a virama are one letter: never a half letter "क्".
    assert own_initials("क्षत्रिय प्रद्युम्न") == "क्षप्र"
    assert own_initials("श्रीमती") == "श्रीम"
    assert initials(["Émile Zola", "émile"]) == {"Émile Zola": "ÉZ", "émile": "ÉM"}


def test_a_name_one_character_over_is_kept_whole():
    assert short_names(["Dora Lee", "Alexandra B", "Ann"], 7) == {
        "Dora Lee": "Dora Lee",
        "Alexandra B": "Ale…a B",
        "Ann": "Ann",
    }


def test_names_cut_short_never_read_alike():
    shorts = short_names(["Christopher Robinson", "Christopher Robertson", "Ana"])
    assert shorts == {
        "Christopher Robinson": "Chr…nson",
        "Christopher Robertson": "Chr…tson",
        "Ana": "Ana",
    }


def test_the_board_tells_two_long_alike_names_apart_and_reads_the_whole_name(client, host):
    match = MatchFactory(host=host, players=["Christopher Robinson", "Christopher Robertson"])
    page = client.get(url("detail", match)).content.decode()
    assert "Ch…nson" in page and "Ch…tson" in page  # beside the boxes: seven characters
    assert [initials for _, initials in badges(page)][:2] == ["CR", "CO"]
    # The boxes' labels, read out, are the whole names.
    assert '<label class="visually-hidden" for="id_left_0">Christopher Robinson</label>' in page
    assert "Christopher Robertson</span>" in page  # the whole name, read out beside the cut one


def test_a_player_s_initials_are_their_own_on_every_page_and_in_every_match(client, host):
    first = MatchFactory(host=host, players=["Christopher Robinson", "Ana"])
    # Robertson is new to the host: the next letter of his last name nobody has.
    second = MatchFactory(host=host, players=["Christopher Robertson", "Christopher Robinson"])
    robinson = Player.objects.get(host=host, name="Christopher Robinson")
    robertson = Player.objects.get(host=host, name="Christopher Robertson")
    assert (robinson.initials, robertson.initials) == ("CR", "CO")
    assert stored(first).initials == {"Christopher Robinson": "CR", "Ana": "AN"}
    assert stored(second).initials == {"Christopher Robertson": "CO", "Christopher Robinson": "CR"}
    # A match of Robertson's without Robinson shows him as everywhere else.
    third = MatchFactory(host=host, players=["Ana", "Christopher Robertson"])
    page = client.get(url("detail", third)).content.decode()
    assert [letters for _, letters in badges(page)][:2] == ["AN", "CO"]
    listed = client.get(reverse("matches:players")).content.decode()
    assert {"CR", "CO", "AN"} <= {letters for _, letters in badges(listed)}
    own = client.get(reverse("matches:player", args=[robertson.pk])).content.decode()
    assert badges(own)[0][1] == "CO"


def test_a_player_who_joins_late_leaves_everyone_s_initials_as_they_were(client, host):
    match = MatchFactory(host=host, players=["Christopher Robinson", "Ana"])
    record(match, hand("Ana", **{"Christopher Robinson": 10}), {"join": "Christopher Robertson"})
    assert stored(match).initials == {
        "Christopher Robinson": "CR",
        "Ana": "AN",
        "Christopher Robertson": "CO",
    }
    page = client.get(url("detail", match)).content.decode()
    assert [letters for _, letters in badges(page)][:3] == ["CR", "AN", "CO"]
    sheet = client.get(url("sheet", match)).content.decode()
    assert {"CR", "AN", "CO"} <= {letters for _, letters in badges(sheet)}


def test_a_renamed_player_s_initials_follow_the_new_name_and_the_others_stay(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Bea"])
    assert stored(match).initials == {"Alice": "AL", "Ben": "BE", "Bea": "BA"}
    ben = Player.objects.get(host=host, name="Ben")
    services.player_rename(player=ben, name="Carl")
    assert stored(match).initials == {"Alice": "AL", "Carl": "CA", "Bea": "BA"}
    ben.refresh_from_db()
    assert ben.initials == "CA"
    page = client.get(url("detail", match)).content.decode()
    assert [letters for _, letters in badges(page)][:3] == ["AL", "CA", "BA"]


def test_initials_skip_what_is_not_a_letter():
    assert own_initials("😀 Zoë") == "ZO"
    assert own_initials("Ana", taken={"AN"}) == "AA"
    assert own_initials("Al", taken={"AL"}) == "A2"


# Colours at the table -------------------------------------------------------------------


def test_a_new_player_is_not_given_a_colour_alike_to_one_at_the_table(host):
    # Blue, orange, green and purple taken: red looks like orange on a
    # chart; teal, the next, like none of them.
    assert colours.least_used([BLUE, ORANGE, GREEN, PURPLE], {}) == "#108893"
    assert colours.key_of(colours.least_used([BLUE], {BLUE: 1})) == "orange"


def test_each_new_player_gets_a_colour_nobody_at_the_table_has(host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    assert stored(match).colours == {"Alice": BLUE, "Ben": ORANGE, "Cara": GREEN}
    assert [colour_of(host, name) for name in ("Alice", "Ben", "Cara")] == [BLUE, ORANGE, GREEN]


def test_a_player_keeps_their_colour_in_later_matches_and_a_newcomer_takes_a_free_one(host):
    MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    later = MatchFactory(host=host, players=["Dan", "Cara", "Alice"])
    # Dan is new: the colour the host's players use least (none use purple).
    assert stored(later).colours == {"Dan": PURPLE, "Cara": GREEN, "Alice": BLUE}


def test_a_newcomer_seated_first_never_takes_the_colour_of_a_player_at_the_table(host):
    # Every colour in use, twice or more but Amélie's blue: the colour a
    # newcomer would be given.
    MatchFactory(host=host, players=["Amélie", "Chloé"])
    names = [f"Player {number}" for number in range(24)]
    for at in range(0, len(names), 4):
        MatchFactory(host=host, players=["Amélie", "Chloé", *names[at : at + 4]])
    for at, name in enumerate(names):
        colour = colours.PALETTE[1 + at % 12].hex
        services.player_recolour(player=Player.objects.get(host=host, name=name), colour=colour)
    assert (colour_of(host, "Amélie"), colour_of(host, "Chloé")) == (BLUE, ORANGE)
    # The newcomer sits first; Amélie and Chloé keep theirs all the same.
    table = stored(MatchFactory(host=host, players=["Amelie", "Amélie", "Chloé"])).colours
    assert (table["Amélie"], table["Chloé"]) == (BLUE, ORANGE)
    assert table["Amelie"] not in (table["Amélie"], table["Chloé"])
    assert colour_of(host, "Amelie") == table["Amelie"]


def test_two_players_of_one_colour_at_one_table_are_shown_apart(host):
    MatchFactory(host=host, players=["Alice", "Ben"])
    services.player_recolour(player=Player.objects.get(host=host, name="Ben"), colour=BLUE)
    both = MatchFactory(host=host, players=["Ben", "Alice"])
    shown = stored(both).colours
    # Alice had blue first: she keeps it there, in whichever seat.
    assert shown["Alice"] == BLUE and shown["Ben"] != BLUE
    # Ben keeps his own colour for the matches after.
    assert colour_of(host, "Ben") == BLUE


def test_a_player_who_joins_takes_a_colour_free_at_the_table(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=10), {"join": "Dan"})
    assert stored(match).colours == {"Alice": BLUE, "Ben": ORANGE, "Dan": GREEN}
    page = client.get(url("detail", match)).content.decode()
    assert ("green", "DA") in badges(page)


def test_the_board_marks_each_row_and_box_in_the_players_colour(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    page = client.get(url("detail", match)).content.decode()
    assert badges(page)[:3] == [("blue", "AL"), ("orange", "BE"), ("green", "CA")]
    assert re.findall(r'<div class="left-box pc-([a-z]+)">', page) == ["blue", "orange", "green"]


def test_the_sheet_its_chart_the_share_link_and_the_big_screen_carry_the_marks(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=10))
    sheet = client.get(url("sheet", match)).content.decode()
    assert ("blue", "AL") in badges(sheet) and ("orange", "BE") in badges(sheet)
    lines = re.findall(r'class="chart-series series-\d+ pc-([a-z]+)" data-player="(\w+)"', sheet)
    assert lines == [("blue", "Alice"), ("orange", "Ben")]
    link = services.share_new(match=match)
    for name in ("matches:shared", "matches:shared_big", "matches:shared_sheet"):
        page = client.get(reverse(name, args=[link.token])).content.decode()
        assert {("blue", "AL"), ("orange", "BE")} <= set(badges(page)), name


def test_history_home_and_the_players_pages_carry_the_marks(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    for address in (reverse("matches:home"), reverse("matches:history")):
        page = client.get(address).content.decode()
        assert badges(page) == [("blue", "AL"), ("orange", "BE")], address
    page = client.get(reverse("matches:players")).content.decode()
    assert badges(page) == [("blue", "AL"), ("orange", "BE")]
    ben = Player.objects.get(host=host, name="Ben")
    page = client.get(reverse("matches:player", args=[ben.pk])).content.decode()
    assert badges(page)[0] == ("orange", "BE")
    assert 'class="chart-series pc-orange"' not in page  # no finished match yet: no chart
    record(match, hand("Alice", Ben=200))
    page = client.get(reverse("matches:player", args=[ben.pk])).content.decode()
    assert 'class="chart-series pc-orange"' in page


# Changing a colour ----------------------------------------------------------------------


def test_the_host_changes_a_colour_on_the_players_page_and_every_board_follows(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    ben = Player.objects.get(host=host, name="Ben")
    page = client.get(reverse("matches:player", args=[ben.pk])).content.decode()
    # A radio button a colour, each named, Ben's own chosen.
    assert f'value="{ORANGE}" checked' in page
    assert len(re.findall(r'<input type="radio" name="colour"', page)) == len(colours.PALETTE)
    version = stored(match).version
    response = client.post(reverse("matches:player_colour", args=[ben.pk]), {"colour": RED})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Ben&#x27;s colour is red." in page
    assert colour_of(host, "Ben") == RED
    assert stored(match).colours == {"Alice": BLUE, "Ben": RED}
    assert stored(match).version == version + 1  # a board kept as drawn is drawn again
    assert ("red", "BE") in badges(client.get(url("detail", match)).content.decode())


def test_a_colour_chosen_later_yields_at_a_new_table_to_whoever_had_it_first(client, host):
    MatchFactory(host=host, players=["Robin", "Robert"])
    robin = Player.objects.get(host=host, name="Robin")
    robert = Player.objects.get(host=host, name="Robert")
    assert (colour_of(host, "Robin"), colour_of(host, "Robert")) == (BLUE, ORANGE)
    # The page names whom a choice would share a colour with.
    page = text(client.get(reverse("matches:player", args=[robin.pk])))
    assert "Orange (Robert)" in page
    # The host changes it on the page, which says what a shared colour means.
    answer = client.post(
        reverse("matches:player_colour", args=[robin.pk]), {"colour": ORANGE}, follow=True
    )
    assert (
        "Robin's colour is orange. Robert has orange too: at a table with Robin, Robert keeps "
        "it and Robin is shown in a free colour." in text(answer)
    )
    # Head to head tells the two apart as their table would.
    versus = client.get(reverse("matches:player", args=[robin.pk]) + f"?with={robert.pk}")
    pair = badges(versus.content.decode().split('id="head-to-head"')[1])[:2]
    assert pair[1] == ("orange", "RB") and pair[0][0] != "orange"
    rematch = MatchFactory(host=host, players=["Robin", "Robert"])
    shown = stored(rematch).colours
    assert shown["Robert"] == ORANGE and shown["Robin"] != ORANGE


def test_a_colour_another_has_at_a_table_is_kept_for_later_but_that_table_stays(host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    ben = Player.objects.get(host=host, name="Ben")
    services.player_recolour(player=ben, colour=BLUE)
    assert colour_of(host, "Ben") == BLUE
    assert stored(match).colours == {"Alice": BLUE, "Ben": ORANGE}


def test_a_colour_off_the_palette_is_refused_and_nothing_changes(client, host):
    MatchFactory(host=host, players=["Alice", "Ben"])
    ben = Player.objects.get(host=host, name="Ben")
    response = client.post(
        reverse("matches:player_colour", args=[ben.pk]), {"colour": "#123456"}, follow=True
    )
    assert "Choose one of the colours shown." in text(response)
    assert colour_of(host, "Ben") == ORANGE
    with pytest.raises(RuleError):
        services.player_recolour(player=ben, colour="red")


def test_another_host_cannot_change_a_colour(client, host):
    stranger = UserFactory()
    MatchFactory(host=stranger, players=["Alice", "Ben"])
    ben = Player.objects.get(host=stranger, name="Ben")
    response = client.post(reverse("matches:player_colour", args=[ben.pk]), {"colour": RED})
    assert response.status_code == 404
    assert colour_of(stranger, "Ben") == ORANGE


def test_a_renamed_player_keeps_their_colour_under_the_new_name(host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    services.player_rename(player=Player.objects.get(host=host, name="Ben"), name="Benjamin")
    assert stored(match).colours == {"Alice": BLUE, "Benjamin": ORANGE}
    assert export_document(stored(match))["colours"] == {"Alice": BLUE, "Benjamin": ORANGE}


# The match file -------------------------------------------------------------------------


def document(**extra) -> dict:
    return {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben", "Cara"],
        "events": [{"hand": {"went_out": "Alice", "leftovers": {"Ben": 10, "Cara": 5}}}],
        **extra,
    }


def test_an_import_keeps_the_files_colours_and_a_new_player_takes_theirs(host):
    checked = services.import_check([document(colours={"Alice": RED, "ben": "#5963D6"})])
    (match,) = services.matches_import(host=host, checked=checked)
    # Ben's, written in capitals, is the palette's indigo; Cara had none: a
    # free one, and not blue, which a chart would hardly tell from indigo.
    assert stored(match).colours == {"Alice": RED, "Ben": "#5963d6", "Cara": GREEN}
    assert colour_of(host, "Alice") == RED and colour_of(host, "Cara") == GREEN
    assert export_document(stored(match))["colours"] == stored(match).colours


def test_a_colour_off_the_palette_is_shown_as_its_nearest(host):
    checked = services.import_check([document(colours={"Alice": "#ff0000"})])
    (match,) = services.matches_import(host=host, checked=checked)
    assert stored(match).colours["Alice"] == RED


def test_an_import_without_colours_gets_them_assigned_none_alike(host):
    (match,) = services.matches_import(host=host, checked=services.import_check([document()]))
    assert stored(match).colours == {"Alice": BLUE, "Ben": ORANGE, "Cara": GREEN}


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (["#1773d0"], "colours must be an object giving a player's name its colour"),
        ({"Zed": BLUE}, "colours gives a colour to Zed, who never sits at this table"),
        ({"Ben": "blue"}, 'the colour of Ben must be written #rrggbb, such as "#1773d0"'),
    ],
)
def test_bad_colours_are_refused_naming_the_player_and_nothing_is_saved(host, given, words):
    with pytest.raises(RuleError) as refused:
        services.import_check([document(colours=given)])
    assert refused.value.code in {"colours_bad", "colour_stranger", "colour_unreadable"}
    from matches.words import refusal

    assert words in refusal(refused.value)
    assert not Match.objects.filter(host=host).exists()


def test_score_ignores_the_colours(tmp_path):
    plain, coloured = tmp_path / "plain.json", tmp_path / "coloured.json"
    plain.write_text(json.dumps(document()))
    coloured.write_text(json.dumps(document(colours={"Alice": "not a colour"})))
    assert score(coloured) == score(plain)
    assert score(plain)[0] == 0


def test_the_preview_leads_each_name_with_its_badge(client, host):
    match = MatchFactory(host=host, players=["Ann", "Ann Lee", "Ben"])
    data = {"went_out": "0", "left_1": "10+5", "left_2": "4"}
    data |= {f"seat_{seat}": name for seat, name in enumerate(["Ann", "Ann Lee", "Ben"])}
    page = client.post(reverse("matches:preview", args=[match.public_id]), data).content.decode()
    assert "Will record:" in page
    # "Ann Lee" is marked as herself, not as "Ann" followed by "Lee".
    assert re.search(r'data-initials="AL"[^>]*></span>Ann Lee 15 \(10\+5\)', page), page
    assert re.search(r'data-initials="AN"[^>]*></span>Ann takes', page), page


def test_a_new_hosts_home_leads_to_import_and_a_list_keeps_each_place_with_its_player(client, host):
    page = client.get(reverse("matches:home")).content.decode()
    assert f'<a href="{reverse("matches:import")}">Import matches</a>' in page
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=200))
    page = client.get(reverse("matches:home")).content.decode()
    # A line may break between players, never between a place and its player.
    assert '<span class="place">2</span>\u00a0<span class="mark pc-orange"' in page
