import { config } from 'zod';

// The console's Content-Security-Policy forbids eval. zod 4 would probe for it (a `new Function` in a try) when
// its first object schema is made, and the browser reports that probe as a violation although zod carries on
// without; told first, zod validates without compiling and never probes. Imported before anything else.
config({ jitless: true });
