-- Platform operators (issue 11 item 3): only they write the system-wide catalogues. Set by the seed or by SQL, never by the API.
ALTER TABLE "usuario" ADD COLUMN "plataforma" boolean DEFAULT false NOT NULL;
