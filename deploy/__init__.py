"""Running Tablekeeper as several processes behind a reverse proxy (docs/DEPLOY.md)."""
