"""A Contract Rummy match through the pages, without a browser: its house
rules on the new match page, the board's deal, contract and cards each, the
hand form (who went out or called off, each charge), the typing-slip
question, the end after the last deal with its places, and every page of
the match."""

from __future__ import annotations

import csv
import io
import json
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from matches import services, transfer
from matches.models import Event, Match, Player
from tests.factories import MatchFactory, figures, record
from tests.factories import board as stored_board
from tests.test_match_pages import text, totals_on, url

pytestmark = pytest.mark.django_db

NEW = reverse("matches:new")
FOUR = ["Alice", "Ben", "Cara", "Dev"]


def deal(went_out: str | None, **charges: object) -> dict:
    """A Contract deal in match-file shape."""
    return {"hand": {"went_out": went_out, "charges": charges}}


def deal_post(match: Match, went_out: str | None, **boxes: object) -> dict:
    """The hand form as a browser sends it, drawn for the next deal."""
    board = stored_board(match)
    data = {
        "token": str(uuid.uuid4()),
        "hand_number": str(board.hands_played + 1),
        "went_out": "nobody" if went_out is None else str(board.seated.index(went_out)),
    }
    for position, name in enumerate(board.seated):
        data[f"left_{position}"] = str(boxes.get(name, ""))
        data[f"seat_{position}"] = name
    return data


# Example 2's seven deals: Ben and Cara share the lowest total.
SHARED = [deal("Ben", Alice=20, Cara=15, Dev=30)] * 6 + [
    deal(None, Alice=20, Ben=95, Cara=5, Dev=30)
]


def test_the_new_match_page_offers_contract_with_its_rules_and_no_line(client, host):
    assert "Contract Rummy 2 to 8 players" in text(client.get(NEW))
    page = client.get(NEW + "?game=contract").content.decode()
    assert 'name="deals" value="7"' in page and 'name="deals" value="10"' in page
    assert 'name="target"' not in page and 'name="hand_limit"' not in page
    assert 'for=""' not in page  # no label left over for the hand limit it has not
    response = client.post(
        NEW,
        {
            "game": "contract",
            "token": str(uuid.uuid4()),
            **{f"player_{seat}": name for seat, name in enumerate(FOUR)},
            "first_dealer": "0",
            "deals": "10",
            "ace_value": "15",
            "joker_value": "15",
            "decks": "",
        },
    )
    assert response.status_code == 302, text(response)
    match = Match.objects.get()
    assert (match.game, match.rules["deals"]) == ("contract", 10)


def test_the_board_says_the_deal_its_contract_and_cards_and_takes_a_deal(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    board = text(client.get(url("detail", match)))
    assert "Deal 1 of 7: two sets. Alice deals , 10 cards each. Ben plays first." in board
    assert "7 deals, lowest wins" in board
    assert "line" not in board.split("Record hand 1")[1][:30]
    response = client.post(
        url("hand", match),
        deal_post(match, "Cara", Alice="K 7 A", Ben="10+8", Dev="JK 4"),
        follow=True,
    )
    page = text(response)
    assert "Saved hand 1: Alice 32, Ben 18, Dev 19." in page
    assert totals_on(response) == {"Alice": 32, "Ben": 18, "Cara": 0, "Dev": 19}
    assert "Deal 2 of 7: a set and a run. Ben deals , 10 cards each." in page
    assert "Hand 1: Cara went out (two sets)" in page


def test_a_charge_over_what_the_cards_could_cost_is_asked_first(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    data = deal_post(match, "Cara", Alice="160", Ben="3", Dev="4")
    response = client.post(url("hand", match), data)
    assert "Alice: 160 points in 10 cards?" in text(response)
    assert not Event.objects.filter(match=match).exists()


def test_a_bad_charge_is_refused_naming_the_player_and_nothing_is_saved(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    response = client.post(url("hand", match), deal_post(match, "Cara", Alice="0", Ben="JK JK"))
    page = text(response)
    assert "Alice's charge must be a whole number from 1 to 999" in page
    assert "Dev's charge is missing" in page
    assert "Ben's printed joker is one too many: with 2 decks there is 1 joker" in page
    assert not Event.objects.filter(match=match).exists()


def test_a_called_off_deal_charges_everyone(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    response = client.post(
        url("hand", match),
        deal_post(match, None, Alice="0", Ben="5", Cara="6", Dev="7"),
        follow=True,
    )
    assert totals_on(response) == {"Alice": 0, "Ben": 5, "Cara": 6, "Dev": 7}
    assert "Hand 1: Called off (two sets)" in text(response)
    assert "Saved hand 1: called off; Alice 0, Ben 5, Cara 6, Dev 7." in text(response)


def test_after_the_last_deal_the_places_show_and_deleting_it_reopens(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    record(match, *SHARED)
    page = text(client.get(url("detail", match)))
    assert "No winner" in page
    assert (
        "After the last deal the lowest total is shared: those who share it share first place, "
        "and nobody wins alone." in page
    )
    assert "Places: =1 Ben, =1 Cara, 3 Alice, 4 Dev" in page
    response = client.post(url("hand", match), deal_post(match, "Ben", Alice="1"))
    assert "Record hand 8" not in text(response)
    last = Event.objects.filter(match=match).order_by("position").last()
    client.post(url("delete", match, event_id=last.pk), follow=True)
    board = stored_board(match)
    assert (board.status, board.next_hand.number) == ("open", 7)
    assert "Deal 7 of 7: three runs" in text(client.get(url("detail", match)))


def test_nobody_joins_once_the_first_deal_is_scored(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    assert "Someone leaves or joins" in text(client.get(url("detail", match)))
    record(match, deal("Cara", Alice=3, Ben=4, Dev=5))
    page = text(client.get(url("detail", match)))
    assert "Someone leaves" in page and "Someone leaves or joins" not in page
    response = client.post(
        url("seats", match), {"token": str(uuid.uuid4()), "action": "join", "player": "Eve"}
    )
    assert "a Contract match keeps its players once it has begun" in text(response)
    assert Event.objects.filter(match=match).count() == 1


def test_every_page_of_a_contract_match_answers(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    record(match, deal("Cara", Alice=3, Ben=4, Dev=5), {"leave": "Dev"})
    for name in ("detail", "sheet", "entries", "export", "export_csv", "match_scoring"):
        assert client.get(url(name, match)).status_code == 200, name
    sheet = client.get(url("sheet", match)).content.decode()
    # The contract beside the deal's number, not in the cell of who went out.
    assert '<span class="sheet-row-note">two sets</span>' in sheet
    # Printed, the sheet names the match's own game.
    assert '<h1 class="print-only">Score sheet · Contract Rummy</h1>' in sheet
    # A "+" is a charge here, not a take: the caption says points added.
    assert "who dealt, the points it added to each player (+)" in sheet
    rows = list(
        csv.reader(
            io.StringIO(client.get(url("export_csv", match)).content.decode().lstrip("\ufeff"))
        )
    )
    assert rows[0][:4] == ["hand", "dealer", "contract", "went out"]
    assert rows[1][:4] == ["1", "Alice", "two sets", "Cara"]
    scoring = text(client.get(reverse("matches:scoring")))
    assert "two sets and two runs, 12 cards each" in scoring
    for name in ("history", "home", "players"):
        assert client.get(reverse(f"matches:{name}")).status_code == 200


def test_the_shared_board_and_big_screen_say_the_contract(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    link = services.share_new(match=match)
    record(match, deal("Cara", Alice=3, Ben=4, Dev=5))
    viewer = Client()
    page = text(viewer.get(reverse("matches:shared", args=[link.token])))
    assert "Deal 2 of 7: a set and a run. Ben deals , 10 cards each." in page
    big = text(viewer.get(reverse("matches:shared_big", args=[link.token])))
    assert "Deal 2 of 7: a set and a run" in big


def test_a_contract_match_exported_and_imported_is_the_same_match(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR, deals=10)
    record(match, deal("Cara", Alice=3, Ben=4, Dev=5))
    document = json.loads(client.get(url("export", match)).content)
    assert document["rules"] == {
        "game": "contract",
        "deals": 10,
        "ace_value": 15,
        "joker_value": 15,
        "decks": 2,
    }
    (imported,) = services.matches_import(
        host=host, checked=transfer.import_read(json.dumps(document))
    )
    copy = Match.objects.for_replay().get(pk=imported.pk)
    assert stored_board(copy).totals == stored_board(match).totals


def test_the_players_page_keeps_contract_figures(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    record(match, *SHARED)
    ben = Player.objects.get(host=host, name="Ben")
    kept = figures(ben, "contract")
    assert (kept["deals_won"], kept["charged"], kept["charges"]) == (6, 95, 1)
    page = text(client.get(reverse("matches:player", args=[ben.pk])))
    assert "Deals won 6" in page and "Average charge 95" in page


def test_the_stored_snapshot_of_a_contract_match_is_what_a_replay_gives(client, host):
    from tests.test_snapshot import assert_current

    match = MatchFactory(host=host, game="contract", players=FOUR)
    record(match, *SHARED[:3], {"leave": "Dev"})
    assert_current(match)
    record(match, *[deal("Ben", Alice=1, Cara=2)] * 4)
    assert_current(match)
    # Ben 0, Cara 53, Alice 64; Dev left with 90 and ranks last.
    assert stored_board(match).places == {"Ben": 1, "Cara": 2, "Alice": 3, "Dev": 4}


def test_another_host_gets_404(client, host):
    from tests.factories import UserFactory

    match = MatchFactory(host=host, game="contract", players=FOUR)
    other = Client()
    other.force_login(UserFactory())
    post = deal_post(match, "Cara", Alice="3", Ben="4", Dev="5")
    assert other.post(url("hand", match), post).status_code == 404
    assert not Event.objects.filter(match=match).exists()


def test_deleting_a_middle_deal_says_the_later_contracts_move(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR)
    record(match, *[deal("Cara", Alice=3, Ben=4, Dev=n) for n in (5, 6, 7)])
    second = Event.objects.filter(match=match).order_by("position")[1]
    response = client.post(url("delete", match, event_id=second.pk), follow=True)
    assert "Each deal after it now has the contract of its new number." in text(response)
    assert "Deal 3 of 7: two runs" in text(response)
    # Deleting the last deal moves none.
    last = Event.objects.filter(match=match, deleted__isnull=True).order_by("position").last()
    response = client.post(url("delete", match, event_id=last.pk), follow=True)
    assert "now has the contract" not in text(response)


def test_the_last_two_at_the_table_cannot_leave_once_a_deal_is_scored(client, host):
    match = MatchFactory(host=host, game="contract", players=FOUR[:2])
    record(match, deal("Alice", Ben=4))
    response = client.post(
        url("seats", match), {"token": str(uuid.uuid4()), "action": "leave", "player": "Ben"}
    )
    assert "Ben cannot leave: at least 2 players must stay at the table" in text(response)
    assert "newcomer" not in text(response)
