"""Site-wide form rendering: one field template, so every form shows errors the same way."""

from __future__ import annotations

from django.forms.renderers import TemplatesSetting


class SiteFormRenderer(TemplatesSetting):
    form_template_name = "forms/form.html"
    field_template_name = "forms/field.html"
