from django.contrib import admin

from marcador.models import ScoreSheet


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    """Saved score-keeper sheets: read, or deleted at their owner's request."""

    list_display = ("id", "user", "__str__", "created_at")
    search_fields = ("user__username", "user__nickname")
    readonly_fields = ("user", "players", "options", "state", "entries", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
