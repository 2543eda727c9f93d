from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from cards.views.media import media_file
from config.login_guard import GuardedAdminAuthenticationForm, GuardedLoginView
from config.security import with_policy

admin.autodiscover()
admin.site.login_form = GuardedAdminAuthenticationForm

accounts = [
    path(
        "login/",
        GuardedLoginView.as_view(),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]
if settings.PASSWORD_RESET_ENABLED:  # only with mail configured; the admin hides its link too
    accounts += [
        path("password_reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
        path(
            "password_reset/done/",
            auth_views.PasswordResetDoneView.as_view(),
            name="password_reset_done",
        ),
        path(
            "reset/<uidb64>/<token>/",
            auth_views.PasswordResetConfirmView.as_view(),
            name="password_reset_confirm",
        ),
        path(
            "reset/done/",
            auth_views.PasswordResetCompleteView.as_view(),
            name="password_reset_complete",
        ),
    ]

# A database that does not answer gets 503 with Retry-After, not the 500 page (config/outage.py).
handler500 = "config.outage.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts)),
    path("media/<path:path>", media_file, name="media"),  # MEDIA_URL
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/docs/",
        with_policy(SpectacularSwaggerSplitView.as_view(url_name="schema")),
        name="api-docs",
    ),
    path("api/", include("cards.api.urls")),
    path("api/", include("cards.api.geo_urls")),
    path("api/", include("play.reports.api_urls")),
    path("api/", include("play.shells.api_urls")),
    path("print/", include("printing.urls")),
    path("jobs/", include("jobs.urls")),
    path("play/", include("lessons.urls")),
    path("play/", include("play.reports.urls")),
    path("play/", include("play.shells.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("cards.urls")),
]
