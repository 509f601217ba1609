#!/bin/sh
# Debian packages must not start their services while an image is being built.
exit 101
