"""The admin reads analyses, and puts chosen ones back in the queue."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from analysis.models import Analysis


@admin.register(Analysis)
class AnalysisAdmin(admin.ModelAdmin):
    list_display = ("table", "status", "requested_at", "finished_at", "seconds")
    list_filter = ("status", "table__game")
    search_fields = ("table__id",)
    readonly_fields = ("table", "status", "result", "requested_at", "started_at", "finished_at")
    exclude = ("seconds",)
    actions = ["compute_again"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.action(description=_("Calcular de novo as análises selecionadas"))
    def compute_again(self, request, queryset):
        """After a fix of an analysis (a failed one, a better robot): the worker takes them."""
        queryset.update(status=Analysis.Status.PENDING, result=None, started_at=None)
        messages.success(request, _("As análises voltaram para a fila."))
