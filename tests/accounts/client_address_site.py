"""Settings of the daphnes that tests/accounts/test_client_address.py and
tests/test_deploy_nginx_daphne.py start: the site's own, with one more page
(tests/accounts/client_address_urls.py)."""

from tests.settings import *  # noqa: F403

ROOT_URLCONF = "tests.accounts.client_address_urls"
# Only daphne may tell the address and the scheme here: allauth falls back to REMOTE_ADDR and
# Django reads the scheme from the ASGI scope instead of X-Forwarded-Proto.
ALLAUTH_TRUSTED_PROXY_COUNT = 0
SECURE_PROXY_SSL_HEADER = None
