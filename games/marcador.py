"""Placeholder until its helper lands it."""

from django.http import Http404


def sheet(request, **kwargs):
    raise Http404
