"""The Dozito guide's worked rounds as written: turns in the middle of a round, the end of a
round and its count, and the rare win with twelve cards of one colour. Every worked round is a
`Script`: a deal written here and the actions of each step with why the player chose it. `play`
(rounds.py) runs the script through the rules engine and draws each step with the live
templates; tests/guides/test_dozito.py replays the same scripts."""

from __future__ import annotations

from typing import Any

from games.rules.dozito import SLOTS
from guides.content.dozito.deals import (
    DRAW,
    SEED,
    Move,
    Script,
    c,
    dealt,
    discard,
    keep,
    place,
    take,
)


def round_one() -> dict[str, Any]:
    ana = {
        1: c("azul", 1),
        2: c("azul", 2),
        5: c("azul", 6),
        6: c("vermelho", 5),
        9: c("roxo", 8),
    }
    bruno = {
        9: c("roxo", 9),
        10: c("roxo", 10),
        4: c("amarelo", 11),
        3: c("vermelho", 3),
    }
    draws = [
        c("vermelho", 9),
        c("amarelo", 7),
        c("azul"),
        c("azul", 4),
        c("azul", 9),
    ]
    return dealt(
        [ana, bruno],
        [c("azul", 5), c("roxo", 11)],
        draws,
        up=[[1, 2], [3, 9, 10]],
        seed=SEED,
    )


SCRIPTS_ONE = (
    Script(
        title="Pegar da pilha de descarte, a corrente e um choque",
        intro=(
            "Dois jogadores, Ana e Bruno, no meio de uma rodada. Ana tem o 1 e o 2 azuis virados "
            "no alto da grade; Bruno, um grupo roxo embaixo. A grade grande, embaixo, é sempre a "
            "de quem joga; a pequena, acima, a do outro."
        ),
        covers=("pegar da pilha de descarte", "corrente", "choque"),
        opening="A mesa antes do turno de Ana: no topo da pilha 1 está o 5 azul, com um sol.",
        moves=(
            Move(
                0,
                take(0),
                "Ana pega o 5 azul da pilha 1: carta pega de uma pilha vai direto para o espaço "
                "do seu número, e o 5 fica logo abaixo do 1 azul, crescendo o grupo. O espaço 5 "
                "estava virado para baixo: a carta de lá vem para a mão.",
            ),
            Move(
                0,
                place(6),
                "Saiu o 6 azul, que cabe no espaço 6, ao lado do 5: Ana o coloca e a corrente "
                "continua com a carta virada no espaço 6.",
            ),
            Move(
                0,
                keep("grid", 1),
                "Saiu o 5 vermelho, mas o espaço 5 já tem o 5 azul virado: é um choque. Ana fica "
                "com o azul, que está no grupo, descarta o vermelho e o turno termina.",
            ),
        ),
    ),
    Script(
        title="Comprar do baralho: descartar, TURNO EXTRA, Coringa, STOP e uma troca",
        intro="A mesma mesa, na sequência: agora as cartas vêm do baralho de compra.",
        covers=(
            "comprar e descartar",
            "comprar e colocar",
            "TURNO EXTRA",
            "CORINGA",
            "STOP",
            "trocar uma carta virada",
        ),
        opening="",
        moves=(
            Move(
                1,
                DRAW,
                "A pilha 1 ficou vazia e o 5 vermelho da pilha 2 não junta com nada de Bruno: ele "
                "compra. Veio o 9 vermelho.",
            ),
            Move(
                1,
                discard(0),
                "O espaço 9 já tem o 9 roxo virado, no grupo roxo: trocar desmancharia o grupo e "
                "encerraria o turno de qualquer jeito. Bruno descarta o 9 vermelho e o turno "
                "termina.",
            ),
            Move(0, DRAW, "Ana compra e tira o 7 amarelo, um TURNO EXTRA."),
            Move(
                0,
                discard(1),
                "Um amarelo no espaço 7 não junta com nada. Descartado, o TURNO EXTRA dá a Ana "
                "outro turno na hora.",
            ),
            Move(0, DRAW, "No turno extra Ana compra de novo: um Coringa azul."),
            Move(
                0,
                place(9),
                "O Coringa não tem número: vai em qualquer espaço. No 9, embaixo do 5 azul, ele "
                "faz o grupo azul chegar a cinco cartas. A carta virada no 9 vem para a mão.",
            ),
            Move(
                0,
                discard(1),
                "Era o 8 roxo: no espaço 8 ele ficaria sozinho, longe de outros roxos. Ana o "
                "descarta e encerra o turno.",
            ),
            Move(1, DRAW, "Bruno compra o 4 azul, um STOP, com três sóis."),
            Move(
                1,
                place(4),
                "Bruno coloca o STOP no espaço 4: três pontos certos de sóis e uma carta a mais "
                "virada. Mas o STOP encerra o turno: a carta que estava no espaço 4 não pode ser "
                "colocada.",
            ),
            Move(
                1,
                discard(0),
                "Saiu o 11 amarelo; por causa do STOP, Bruno só pode descartá-lo.",
            ),
            Move(0, DRAW, "Ana compra o 9 azul, com dois sóis."),
            Move(
                0,
                place(9),
                "O espaço 9 tem o Coringa azul virado. Trocá-lo pelo 9 azul deixa o grupo do "
                "mesmo tamanho e traz dois sóis; mas uma carta virada que sai da grade é "
                "descartada e o turno acaba.",
            ),
            Move(
                0,
                discard(1),
                "Ana descarta o Coringa na pilha 2. Se Bruno não o pegar, ela mesma pode "
                "buscá-lo no próximo turno e pô-lo em qualquer espaço, como o 10, embaixo do 6 "
                "azul.",
            ),
        ),
    ),
)


def round_end_deal() -> dict[str, Any]:
    """Ana with eleven cards face up (slot 12 down), Bruno with nine (4, 10 and 12 down)."""
    ana = {
        1: c("verde", 1),
        2: c("verde", 2),
        3: c("verde", 3),
        4: c("amarelo", 4),
        5: c("verde", 5),
        6: c("verde", 6),
        7: c("amarelo", 7),
        8: c("amarelo", 8),
        9: c("roxo", 9),
        10: c("roxo", 10),
        11: c("vermelho", 11),
        12: c("azul", 5),
    }
    bruno = {
        1: c("azul", 1),
        2: c("azul", 2),
        3: c("azul", 3),
        4: c("roxo", 12),
        5: c("vermelho", 5),
        6: c("vermelho", 6),
        7: c("vermelho", 7),
        8: c("vermelho", 8),
        9: c("azul", 9),
        11: c("roxo", 11),
        12: c("verde", 11),
    }
    return dealt(
        [ana, bruno],
        [c("amarelo", 12), c("verde", 9)],
        [c("vermelho", 4)],
        up=[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [1, 2, 3, 5, 6, 7, 8, 9, 11]],
        seed=SEED,
    )


SCRIPT_END = Script(
    title="O fim da rodada e a contagem dos grupos",
    intro=(
        "Fim de rodada: Ana tem onze cartas viradas e só o espaço 12 para baixo; Bruno ainda tem "
        "três para baixo (4, 10 e 12). Quem termina o seu turno com as doze cartas viradas "
        "aciona o fim da rodada, e cada outro jogador faz um último turno."
    ),
    covers=("fim da rodada", "contagem dos grupos", "sóis", "carta para baixo não conta"),
    opening="A mesa antes do turno de Ana: no topo da pilha 1, o 12 amarelo.",
    moves=(
        Move(
            0,
            take(0),
            "Ana pega o 12 amarelo: ele vai para o espaço 12, embaixo do 8 amarelo, e vira a "
            "última carta da grade.",
        ),
        Move(
            0,
            keep("grid", 1),
            "Saiu o 5 azul, do espaço 5, onde já está o 5 verde do grupo: um choque. Ana fica "
            "com o verde e descarta o azul. Com as doze cartas viradas no fim do turno, ela "
            "aciona o fim da rodada; está na frente, então vale a pena encerrar.",
        ),
        Move(
            1,
            DRAW,
            "É o último turno de Bruno. O 5 azul no topo da pilha 2 iria para o espaço 5, que "
            "tem o 5 vermelho do seu grupo: não serve. Ele compra e tira o 4 vermelho.",
        ),
        Move(
            1,
            place(4),
            "O 4 vermelho é um TURNO EXTRA: descartado, daria outro turno. Bruno prefere o "
            "certo: no espaço 4, em cima do 8 vermelho, ele leva o grupo vermelho de quatro a "
            "cinco cartas (de 10 para 16 pontos). A carta virada no espaço 4 é o 12 roxo.",
        ),
        Move(
            1,
            place(12),
            "O 12 roxo é um STOP: ao lado do 11 roxo faz um grupo de dois e traz três sóis, mas "
            "encerra o turno. A carta que ele vira no espaço 12, o 11 verde, tem de ser "
            "descartada.",
        ),
        Move(
            1,
            discard(0),
            "Bruno descarta o 11 verde. O espaço 10 fica para baixo e não conta nada. Fim do "
            "último turno: a rodada é contada.",
        ),
    ),
)


def twelve_deal() -> dict[str, Any]:
    ana = {s: c("verde", s) for s in SLOTS if s != 8}
    ana[8] = c("amarelo", 8)
    return dealt(
        [ana, {}],
        [c("verde", 8), c("azul", 3)],
        [],
        up=[[s for s in SLOTS if s != 8], [2, 5, 7]],
        seed=SEED,
    )


SCRIPT_TWELVE = Script(
    title="Doze cartas da mesma cor: vitória na hora",
    intro=(
        "Uma grade rara: Ana tem onze cartas verdes viradas; só o espaço 8 está para baixo, e o "
        "8 verde está no topo da pilha 1."
    ),
    covers=("doze cartas da mesma cor",),
    opening="A mesa antes do turno de Ana.",
    moves=(
        Move(
            0,
            take(0),
            "Ana pega o 8 verde: ele vai para o espaço 8, e as doze cartas da grade são verdes e "
            "viradas. O jogo acaba na hora, sem contar pontos: Ana vence.",
        ),
    ),
)


SCRIPTS = (
    (round_one, SCRIPTS_ONE),
    (round_end_deal, (SCRIPT_END,)),
    (twelve_deal, (SCRIPT_TWELVE,)),
)
