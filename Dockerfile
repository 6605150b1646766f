# dokobot in a container: slim Python, a virtual environment, a non-root user,
# the SQLite database on a volume (/data). Build: docker build -t dokobot .
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    PATH=/opt/dokobot/bin:$PATH

WORKDIR /src
COPY pyproject.toml setup.py README.md LICENSE ./
COPY dokobot ./dokobot
COPY cogs ./cogs
# the postgres extra too: one image for SQLite and PostgreSQL hosts
RUN python -m venv /opt/dokobot && /opt/dokobot/bin/pip install ".[postgres]" && rm -rf /src

RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin dokobot \
    && mkdir -p /data && chown dokobot:dokobot /data
USER dokobot
WORKDIR /data
VOLUME ["/data"]

# The token comes from the environment (DOKOBOT_TOKEN), never from the image.
# Without a config file the database is /data/dokobot.sqlite3 (the default,
# relative to /data); mount a config and pass --config for anything else.
ENTRYPOINT ["dokobot"]
CMD ["run"]
