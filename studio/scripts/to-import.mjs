#!/usr/bin/env node
// Converts a seed export into the form `sanity dataset import` uploads images from.
//
//   npx node scripts/to-import.mjs [seed/production.ndjson] [seed/production.import.ndjson]
//   DO_NOT_TRACK=1 npx sanity dataset import seed/production.import.ndjson production
//
// The seed references image assets (`sanity.imageAsset` documents with a localdev CDN url that
// does not exist). For a real project the files must be uploaded instead: every image field's
// `asset` reference becomes `_sanityAsset: "image@file://./images/<file>"`, and the asset
// documents are dropped. The import tool resolves `./images/…` against the NDJSON file's folder,
// so the output is written next to seed/images/ (it is git-ignored). Sanity names an uploaded
// asset after the sha1 of its bytes, so the imported asset ids equal the seed's.

import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const studioDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const input = resolve(process.argv[2] ?? join(studioDir, 'seed', 'production.ndjson'))
const output = resolve(process.argv[3] ?? input.replace(/\.ndjson$/, '.import.ndjson'))
if (output === input) throw new Error('The output file must differ from the input file')
if (dirname(output) !== dirname(input)) {
  throw new Error('Write the output next to the input: "./images/…" is resolved against its folder')
}

const documents = readFileSync(input, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line))

const assets = new Map()
for (const doc of documents) {
  if (doc._type === 'sanity.imageAsset' || doc._type === 'sanity.fileAsset') {
    const file = doc.path?.split('/').at(-1)
    if (!file) throw new Error(`${doc._id}: asset document without a path`)
    if (!existsSync(join(dirname(input), 'images', file))) throw new Error(`${doc._id}: images/${file} is missing`)
    assets.set(doc._id, {file, kind: doc._type === 'sanity.imageAsset' ? 'image' : 'file'})
  }
}

let converted = 0
/** Replaces asset references inside image/file objects with _sanityAsset pointers. */
function convert(value) {
  if (Array.isArray(value)) return value.map(convert)
  if (value === null || typeof value !== 'object') return value
  const out = {}
  for (const [k, v] of Object.entries(value)) out[k] = convert(v)
  const ref = value.asset?._ref
  if (ref && assets.has(ref)) {
    const {file, kind} = assets.get(ref)
    delete out.asset
    out._sanityAsset = `${kind}@file://./images/${file}`
    converted += 1
  } else if (ref) {
    throw new Error(`Reference to unknown asset "${ref}"`)
  }
  return out
}

const kept = documents.filter((doc) => !assets.has(doc._id)).map(convert)
writeFileSync(output, kept.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
console.log(
  `Wrote ${kept.length} documents (${assets.size} asset documents dropped, ${converted} image fields ` +
    `pointing at ./images/) to ${relative(process.cwd(), output) || output}`,
)
