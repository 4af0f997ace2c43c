import { z } from 'zod';

// Messages zod produces by itself (wrong types, ...) are Spanish too, on the API and in the web.
z.config(z.locales.es());
