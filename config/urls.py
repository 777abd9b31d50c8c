from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path
from django.views.generic import TemplateView

from accounts import views as account_views
from config import views
from guides import views as guide_views
from guides.sitemaps import GuideSitemap

# One login to protect: the admin's sends a visitor to the site's (allauth's attempt limits, counted
# in the cache), as allauth's documentation advises.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    path("", views.home, name="home"),
    path("privacidade/", account_views.privacy, name="privacy"),
    path("termos/", TemplateView.as_view(template_name="pages/terms.html"), name="terms"),
    path("sobre/", TemplateView.as_view(template_name="pages/about.html"), name="about"),
    path("conta/", include("accounts.urls")),
    path("conta/", include("allauth.urls")),
    path("", include("games.urls")),
    path("", include("marcador.urls")),
    path("", include("analysis.urls")),
    path("como-jogar/", include("guides.urls")),
    path("admin/", admin.site.urls),
    path("favicon.ico", views.favicon),
    path("sitemap.xml", sitemap, {"sitemaps": {"guias": GuideSitemap}}, name="sitemap"),
    path("robots.txt", guide_views.robots, name="robots"),
]

handler400 = "config.views.bad_request"
handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"
handler429 = "config.views.too_many_requests"
