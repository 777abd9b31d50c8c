"""The fitted numbers of the Yam's robot's heuristic (yams_heuristic.py), by mode and column kind:
each open box's par, the Uns..Seis count distributions, the weight of the bonus chance and the
Máx/Mín pair. The four-column modes (with Seca) are in yams_fitted_four.py."""

from __future__ import annotations

from typing import Any

from games.bots.yams_fitted_four import FITTED_FOUR_COLUMNS

Mode = tuple[int, bool]  # (number of columns, Máx/Mín in play)

# By mode and column kind, from approximate policy iteration: the robot played 1,000 to 3,000 games
# of a mode, the final totals were regressed on the cards it went through (par: a + c x share of
# the column still open, per open box; "bonus": the weight of 35 x the bonus chance; "pair": a, c,
# s as in `pair_value`) and the Uns..Seis count distributions it reached were tallied ("count":
# per face, the chance of 0..5 dice); then it played again with the new numbers, about ten rounds
# per mode, keeping the round with the best mean.

FITTED: dict[Mode, dict[str, dict[str, Any]]] = {
    (1, False): {
        "livre": {
            "par": {
                "uns": (8.22, -3.36),
                "dois": (7.59, -2.47),
                "tres": (6.79, 3.90),
                "quatro": (6.27, 5.27),
                "cinco": (6.70, 3.49),
                "seis": (5.74, 8.25),
                "trinca": (8.88, 15.07),
                "quadra": (4.98, 10.06),
                "full": (12.44, 7.66),
                "pequena": (6.11, 7.79),
                "grande": (7.97, 14.37),
                "yams": (4.83, 8.55),
                "chance": (24.44, 5.50),
            },
            "count": (
                (0.130, 0.419, 0.256, 0.117, 0.075, 0.003),
                (0.010, 0.108, 0.421, 0.284, 0.171, 0.008),
                (0.006, 0.071, 0.291, 0.382, 0.241, 0.009),
                (0.006, 0.035, 0.203, 0.479, 0.262, 0.014),
                (0.005, 0.029, 0.123, 0.549, 0.279, 0.015),
                (0.005, 0.020, 0.102, 0.560, 0.300, 0.013),
            ),
            "bonus": 0.945,
        },
    },
    (1, True): {
        "livre": {
            "par": {
                "uns": (7.32, -0.71),
                "dois": (6.43, 1.45),
                "tres": (5.61, 4.73),
                "quatro": (5.18, 5.64),
                "cinco": (4.71, 12.61),
                "seis": (5.39, 21.30),
                "trinca": (13.18, 0.72),
                "quadra": (9.50, -0.49),
                "full": (13.35, 7.93),
                "pequena": (8.13, 5.63),
                "grande": (9.02, 12.40),
                "yams": (3.71, 10.76),
                "chance": (24.13, 7.24),
            },
            "count": (
                (0.083, 0.464, 0.255, 0.108, 0.090, 0.001),
                (0.009, 0.079, 0.441, 0.277, 0.189, 0.006),
                (0.010, 0.054, 0.250, 0.405, 0.271, 0.010),
                (0.006, 0.029, 0.130, 0.511, 0.306, 0.017),
                (0.004, 0.031, 0.096, 0.499, 0.353, 0.017),
                (0.004, 0.045, 0.132, 0.484, 0.313, 0.021),
            ),
            "bonus": 0.923,
            "pair": (51.87, -4.42, 4.90),
        },
    },
    (3, False): {
        "descida": {
            "par": {
                "uns": (1.17, 1.17),
                "dois": (2.29, 2.21),
                "tres": (3.73, 3.42),
                "quatro": (5.25, 4.59),
                "cinco": (6.06, 5.16),
                "seis": (9.41, 7.22),
                "trinca": (6.23, 5.50),
                "quadra": (3.87, 4.41),
                "full": (11.76, 7.45),
                "pequena": (5.72, 5.59),
                "grande": (12.46, 7.14),
                "yams": (4.85, 5.97),
                "chance": (17.20, 6.92),
            },
            "count": (
                (0.535, 0.323, 0.079, 0.032, 0.031, 0.000),
                (0.166, 0.461, 0.221, 0.104, 0.048, 0.000),
                (0.030, 0.214, 0.444, 0.220, 0.090, 0.002),
                (0.009, 0.191, 0.403, 0.282, 0.110, 0.005),
                (0.004, 0.182, 0.406, 0.296, 0.102, 0.010),
                (0.001, 0.181, 0.440, 0.263, 0.097, 0.018),
            ),
            "bonus": 1.022,
        },
        "livre": {
            "par": {
                "uns": (7.55, 0.39),
                "dois": (7.01, 8.78),
                "tres": (8.85, 3.05),
                "quatro": (12.08, -1.78),
                "cinco": (14.76, -3.41),
                "seis": (13.69, 14.97),
                "trinca": (5.70, 18.77),
                "quadra": (11.11, -3.87),
                "full": (16.37, 4.43),
                "pequena": (7.32, 13.16),
                "grande": (9.58, 16.82),
                "yams": (7.22, 7.91),
                "chance": (27.17, 0.28),
            },
            "count": (
                (0.111, 0.281, 0.331, 0.155, 0.118, 0.004),
                (0.018, 0.174, 0.345, 0.255, 0.198, 0.010),
                (0.002, 0.033, 0.220, 0.413, 0.316, 0.016),
                (0.004, 0.025, 0.175, 0.417, 0.361, 0.018),
                (0.004, 0.016, 0.063, 0.397, 0.456, 0.064),
                (0.004, 0.018, 0.084, 0.495, 0.363, 0.036),
            ),
            "bonus": 0.763,
        },
        "subida": {
            "par": {
                "uns": (0.19, 5.97),
                "dois": (6.35, 6.44),
                "tres": (8.89, 6.83),
                "quatro": (11.47, 7.43),
                "cinco": (8.49, 6.51),
                "seis": (10.63, 7.33),
                "trinca": (6.54, 5.45),
                "quadra": (2.92, 3.50),
                "full": (8.06, 6.66),
                "pequena": (2.25, 2.64),
                "grande": (2.81, 3.07),
                "yams": (-1.94, -0.95),
                "chance": (10.93, 10.93),
            },
            "count": (
                (0.267, 0.313, 0.225, 0.127, 0.064, 0.004),
                (0.105, 0.330, 0.310, 0.180, 0.070, 0.005),
                (0.077, 0.235, 0.345, 0.231, 0.099, 0.013),
                (0.034, 0.181, 0.318, 0.314, 0.140, 0.013),
                (0.018, 0.175, 0.361, 0.303, 0.121, 0.022),
                (0.004, 0.038, 0.391, 0.326, 0.204, 0.037),
            ),
            "bonus": 1.141,
        },
    },
    (3, True): {
        "descida": {
            "par": {
                "uns": (0.39, 0.39),
                "dois": (-0.38, -0.33),
                "tres": (1.22, 1.05),
                "quatro": (3.66, 3.01),
                "cinco": (4.32, 3.49),
                "seis": (5.75, 4.45),
                "trinca": (5.99, 7.75),
                "quadra": (0.51, 5.56),
                "full": (9.99, 8.72),
                "pequena": (4.87, 7.35),
                "grande": (10.29, 8.44),
                "yams": (3.13, 7.48),
                "chance": (16.41, 8.37),
            },
            "count": (
                (0.071, 0.258, 0.345, 0.204, 0.118, 0.004),
                (0.004, 0.085, 0.344, 0.331, 0.226, 0.010),
                (0.004, 0.060, 0.388, 0.367, 0.171, 0.010),
                (0.000, 0.032, 0.310, 0.445, 0.199, 0.014),
                (0.001, 0.035, 0.160, 0.486, 0.286, 0.032),
                (0.008, 0.052, 0.227, 0.444, 0.248, 0.021),
            ),
            "bonus": 1.096,
            "pair": (30.04, 19.02, -0.72),
        },
        "livre": {
            "par": {
                "uns": (8.06, -0.98),
                "dois": (10.89, -4.72),
                "tres": (9.05, -4.02),
                "quatro": (6.51, 5.60),
                "cinco": (3.27, 57.61),
                "seis": (9.59, 20.91),
                "trinca": (15.86, -5.31),
                "quadra": (8.90, -2.48),
                "full": (14.02, 5.97),
                "pequena": (9.99, 9.72),
                "grande": (12.44, 18.65),
                "yams": (8.30, 8.81),
                "chance": (24.30, 2.89),
            },
            "count": (
                (0.076, 0.241, 0.379, 0.169, 0.131, 0.004),
                (0.017, 0.068, 0.306, 0.357, 0.239, 0.013),
                (0.004, 0.020, 0.144, 0.450, 0.358, 0.024),
                (0.001, 0.005, 0.067, 0.500, 0.402, 0.025),
                (0.002, 0.035, 0.198, 0.482, 0.245, 0.038),
                (0.004, 0.027, 0.078, 0.458, 0.373, 0.060),
            ),
            "bonus": 0.872,
            "pair": (50.27, -4.46, 2.36),
        },
        "subida": {
            "par": {
                "uns": (-0.20, 8.44),
                "dois": (5.18, 8.80),
                "tres": (9.22, 9.34),
                "quatro": (7.70, 9.03),
                "cinco": (9.85, 9.60),
                "seis": (8.86, 9.27),
                "trinca": (6.77, 5.27),
                "quadra": (0.20, 1.33),
                "full": (8.18, 6.65),
                "pequena": (0.23, 0.81),
                "grande": (1.26, 1.64),
                "yams": (-1.17, -0.47),
                "chance": (9.43, 9.43),
            },
            "count": (
                (0.255, 0.303, 0.220, 0.148, 0.062, 0.012),
                (0.111, 0.345, 0.262, 0.196, 0.079, 0.007),
                (0.066, 0.241, 0.307, 0.240, 0.131, 0.015),
                (0.054, 0.180, 0.340, 0.295, 0.116, 0.015),
                (0.014, 0.132, 0.357, 0.316, 0.162, 0.019),
                (0.008, 0.056, 0.355, 0.404, 0.159, 0.018),
            ),
            "bonus": 1.136,
            "pair": (30.65, 18.01, -0.26),
        },
    },
    **FITTED_FOUR_COLUMNS,
}


PAR = {mode: {kind: fit["par"] for kind, fit in kinds.items()} for mode, kinds in FITTED.items()}
COUNT_DIST = {
    (mode, kind): fit["count"] for mode, kinds in FITTED.items() for kind, fit in kinds.items()
}
BONUS_WEIGHT = {
    (mode, kind): fit["bonus"] for mode, kinds in FITTED.items() for kind, fit in kinds.items()
}
PAIR = {
    (mode, kind): fit["pair"]
    for mode, kinds in FITTED.items()
    for kind, fit in kinds.items()
    if "pair" in fit
}
