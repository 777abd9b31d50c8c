"""Placeholder until its helper lands it."""

from django.http import Http404


def replay(request, **kwargs):
    raise Http404
