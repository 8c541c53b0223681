#!/usr/bin/env node
// Checks a Sanity NDJSON export offline (default: seed/production.ndjson) against the Studio's
// schema (schema.json, refreshed by `npm run typegen`) and its validation rules: see
// scripts/seed-check/. Exits 1 on any error.
//
//   npm run check-seed [-- path/to/file.ndjson]

import {readFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import {checkSeed} from './seed-check/index.mjs'
import {loadSchema} from './seed-check/schema.mjs'

const studioDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const file = process.argv[2] ?? join(studioDir, 'seed', 'production.ndjson')

const result = checkSeed({
  text: readFileSync(file, 'utf8'),
  schema: loadSchema(join(studioDir, 'schema.json')),
  imagesDir: join(dirname(file), 'images'),
})
for (const warning of result.warnings) console.warn(`warning  ${warning}`)
for (const error of result.errors) console.error(`error    ${error}`)
console.log(
  `${relative(process.cwd(), file) || file}: ${result.documents} documents, ${result.imageFields} image fields, ` +
    `${result.errors.length} error(s), ${result.warnings.length} warning(s)`,
)
process.exit(result.errors.length > 0 ? 1 : 0)
