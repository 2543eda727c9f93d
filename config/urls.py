from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

admin.autodiscover()

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("cards.api_urls")),
    path("api/", include("geo.api_urls")),
    path("api/", include("play.api_urls")),
    path("print/", include("printing.urls")),
    path("play/", include("play.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("cards.urls")),
]
