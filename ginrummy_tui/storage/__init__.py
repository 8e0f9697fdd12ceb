"""What lives on disk: atomic files, the lock, the save format, the settings
file and the match records with their statistics."""
