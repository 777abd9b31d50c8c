"""/sitemap.xml: the home page, the guides' index and every guide."""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from guides.content import GUIDES


class GuideSitemap(Sitemap):
    changefreq = "monthly"

    def items(self) -> list[str]:
        return ["home", "guides:index", *(f"guides:guide:{slug}" for slug in GUIDES)]

    def location(self, item: str) -> str:
        if item.startswith("guides:guide:"):
            return reverse("guides:guide", args=[item.rsplit(":", 1)[1]])
        return reverse(item)
