import pytest

from tests.marcador.taps import start


@pytest.fixture
def game(client):
    start(client)
    return client
