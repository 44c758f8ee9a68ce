// build-time.sh writes this target's client into Generated/, which git ignores.
