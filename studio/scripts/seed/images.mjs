// Seed images: the hand-drawn SVG artwork in seed/artwork/ becomes Sanity image assets.
//
// For each artwork file the builder writes seed/images/<sha1>-<w>x<h>.svg (sha1 of the file's
// bytes, width and height from its viewBox) and one `sanity.imageAsset` document with the id
// Sanity itself would give the upload: image-<sha1>-<w>x<h>-svg. Files in seed/images/ that no
// artwork produces any more are deleted, so the folder always matches the NDJSON.

import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {keyed, meta} from './lib.mjs'

export const SEED_PROJECT_ID = 'localdev'
export const SEED_DATASET = 'production'

/** Seed image file names: the sha1 of the content, the size, the extension. */
export const SEED_IMAGE_FILE = /^[0-9a-f]{40}-\d+x\d+\.(?:svg|png|jpe?g|webp|gif)$/

/** width and height of an SVG, from its viewBox (the only size an SVG reliably declares). */
export function svgSize(svg, name = 'SVG') {
  const match = /<svg\b[^>]*\bviewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg)
  if (!match) throw new Error(`${name}: the <svg> element needs a viewBox`)
  const width = Number(match[3])
  const height = Number(match[4])
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error(`${name}: viewBox width and height must be positive integers`)
  }
  return {width, height}
}

/** Refuses artwork that could run code or pull files from elsewhere when served from our origin. */
function assertSelfContained(svg, name) {
  if (/<script\b|\son\w+\s*=|<foreignObject\b|javascript:/i.test(svg)) throw new Error(`${name}: scripts are not allowed`)
  if (/\b(?:href|xlink:href)\s*=\s*"(?!#)/i.test(svg) || /url\(\s*['"]?(?!#)/i.test(svg)) {
    throw new Error(`${name}: external references are not allowed (artwork must be self-contained)`)
  }
}

/**
 * Reads seed/artwork/*.svg, writes seed/images/, and returns the asset documents and an `image()`
 * helper that builds image fields referencing them by artwork name.
 */
export function buildImageAssets(studioDir) {
  const artworkDir = join(studioDir, 'seed', 'artwork')
  const imagesDir = join(studioDir, 'seed', 'images')
  mkdirSync(imagesDir, {recursive: true})

  const byName = new Map()
  const assets = []
  for (const name of readdirSync(artworkDir).filter((f) => f.endsWith('.svg')).sort()) {
    const bytes = readFileSync(join(artworkDir, name))
    const svg = bytes.toString('utf8')
    assertSelfContained(svg, name)
    const {width, height} = svgSize(svg, name)
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const file = `${sha1}-${width}x${height}.svg`
    const _id = `image-${sha1}-${width}x${height}-svg`
    writeFileSync(join(imagesDir, file), bytes)
    const asset = {
      ...meta(_id, 'sanity.imageAsset'),
      assetId: sha1,
      extension: 'svg',
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {_type: 'sanity.imageDimensions', aspectRatio: width / height, height, width},
        hasAlpha: true,
        isOpaque: false,
      },
      mimeType: 'image/svg+xml',
      originalFilename: name,
      path: `images/${SEED_PROJECT_ID}/${SEED_DATASET}/${file}`,
      sha1hash: sha1,
      size: bytes.length,
      url: `https://cdn.sanity.io/images/${SEED_PROJECT_ID}/${SEED_DATASET}/${file}`,
    }
    assets.push(asset)
    byName.set(name.replace(/\.svg$/, ''), {_id, file})
  }

  const wanted = new Set([...byName.values()].map((a) => a.file))
  for (const file of readdirSync(imagesDir)) {
    if (!wanted.has(file)) rmSync(join(imagesDir, file))
  }

  /** An image field: {_type: "image", asset: reference, alt, caption?}. */
  const image = (name, alt, extra = {}) => {
    const asset = byName.get(name)
    if (!asset) throw new Error(`No artwork named "${name}" in seed/artwork/`)
    if (!alt || !alt.trim()) throw new Error(`Image "${name}" needs alt text`)
    return {_type: 'image', asset: {_type: 'reference', _ref: asset._id}, alt, ...extra}
  }
  /** Image array members (galleries) with deterministic keys. */
  const images = (scope, list) => keyed(scope, list.map(([name, alt, extra]) => image(name, alt, extra)))

  return {assets, image, images}
}
