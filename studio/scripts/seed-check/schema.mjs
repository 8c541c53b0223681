// Checks documents against the Studio's schema as `sanity schema extract --enforce-required-fields`
// writes it (schema.json, refreshed by `npm run typegen`): value types, required fields (present
// and non-empty), allowed array members with their _key, allowed values, references and the type
// they point at, and no field the schema does not know. Nothing here copies the schema.

import {readFileSync} from 'node:fs'

/** Keys Sanity adds to any stored object, whatever its schema type. */
const SYSTEM_KEYS = new Set(['_key', '_type', '_id', '_rev', '_createdAt', '_updatedAt', '_weak'])

/** @param {string} file schema.json */
export function loadSchema(file) {
  /** @type {{name: string, type: 'document' | 'type', attributes?: object, value?: object}[]} */
  const entries = JSON.parse(readFileSync(file, 'utf8'))
  return new Map(entries.map((entry) => [entry.name, entry]))
}

export const isEmpty = (value) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Validates one document against its schema type.
 * @param {Map<string, any>} schema from loadSchema
 * @param {object} doc
 * @param {string} where
 * @param {{byId: Map<string, object>, error: (at: string, message: string) => void}} ctx
 */
export function checkDocument(schema, doc, where, ctx) {
  const entry = schema.get(doc._type)
  if (!entry || entry.type !== 'document') return ctx.error(where, `unknown document type "${doc._type}"`)
  checkValue(schema, doc, {type: 'object', attributes: entry.attributes}, where, ctx)
}

/** The schema node an `inline` node names (documents read as objects of their attributes). */
function resolve(schema, node) {
  if (node?.type !== 'inline') return node
  const entry = schema.get(node.name)
  if (!entry) throw new Error(`schema.json has no type "${node.name}"`)
  return entry.type === 'document' ? {type: 'object', attributes: entry.attributes} : resolve(schema, entry.value)
}

/** An object node's own attributes merged with those of its `rest` (how array members are written). */
function attributesOf(schema, node) {
  const rest = node.rest ? resolve(schema, node.rest) : undefined
  return {...(rest?.attributes ?? {}), ...node.attributes}
}

/** The `_type` an object node requires, if any. */
function typeNameOf(schema, node) {
  const resolved = resolve(schema, node)
  if (resolved?.type !== 'object') return undefined
  return attributesOf(schema, resolved)._type?.value?.value
}

function checkValue(schema, value, rawNode, at, ctx) {
  const node = resolve(schema, rawNode)
  switch (node.type) {
    case 'unknown':
      return
    case 'null':
      if (value !== null) ctx.error(at, 'must be empty')
      return
    case 'string':
      if (typeof value !== 'string') return ctx.error(at, 'must be text')
      if (node.value !== undefined && value !== node.value) ctx.error(at, `must be "${node.value}", got "${value}"`)
      return
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) ctx.error(at, 'must be a number')
      return
    case 'boolean':
      if (typeof value !== 'boolean') ctx.error(at, 'must be true or false')
      return
    case 'array':
      return checkArray(schema, value, node, at, ctx)
    case 'union':
      return checkUnion(schema, value, node, at, ctx)
    case 'object':
      return checkObject(schema, value, node, at, ctx)
    default:
      throw new Error(`schema.json: unexpected node type "${node.type}" at ${at}`)
  }
}

function checkArray(schema, value, node, at, ctx) {
  if (!Array.isArray(value)) return ctx.error(at, 'must be a list')
  const keys = new Set()
  value.forEach((item, i) => {
    const itemAt = `${at}[${i}]`
    if (isPlainObject(item)) {
      // Every object in an array carries a _key unique in that array (the Studio relies on it).
      if (typeof item._key !== 'string' || item._key === '') ctx.error(itemAt, 'array item without _key')
      else if (keys.has(item._key)) ctx.error(itemAt, `duplicate _key "${item._key}" in array`)
      else keys.add(item._key)
    }
    checkValue(schema, item, node.of, itemAt, ctx)
  })
}

function checkUnion(schema, value, node, at, ctx) {
  const members = node.of.map((member) => resolve(schema, member))
  if (members.every((member) => member.type === 'string' && member.value !== undefined)) {
    const allowed = members.map((member) => member.value)
    if (!allowed.includes(value)) ctx.error(at, `must be one of ${allowed.join(', ')}, got "${value}"`)
    return
  }
  if (isPlainObject(value) && typeof value._type === 'string') {
    const member = node.of.find((candidate) => typeNameOf(schema, candidate) === value._type)
    if (!member) {
      const allowed = node.of.map((candidate) => typeNameOf(schema, candidate)).filter(Boolean)
      return ctx.error(at, `"${value._type}" is not allowed here (allowed: ${allowed.join(', ')})`)
    }
    return checkValue(schema, value, member, at, ctx)
  }
  // Otherwise the first member the value satisfies; the first member's complaints if none.
  const attempts = members.map((member) => {
    const found = []
    checkValue(schema, value, member, at, {...ctx, error: (where, message) => found.push([where, message])})
    return found
  })
  if (attempts.some((found) => found.length === 0)) return
  for (const [where, message] of attempts[0]) ctx.error(where, message)
}

function checkObject(schema, value, node, at, ctx) {
  if (!isPlainObject(value)) return ctx.error(at, 'must be an object')
  const targetType = node.dereferencesTo ?? (node.rest ? resolve(schema, node.rest).dereferencesTo : undefined)
  if (targetType) return checkReference(value, targetType, at, ctx)
  const attributes = attributesOf(schema, node)
  const typeName = attributes._type?.value?.value
  if (typeName !== undefined && value._type === undefined) ctx.error(at, `missing _type "${typeName}"`)
  for (const [name, attribute] of Object.entries(attributes)) {
    const field = value[name]
    if (isEmpty(field)) {
      if (attribute.optional === false) ctx.error(at, `required field "${name}" is missing or empty`)
      if (field === undefined || field === null) continue
    }
    checkValue(schema, field, attribute.value, `${at}.${name}`, ctx)
  }
  for (const name of Object.keys(value)) {
    if (!(name in attributes) && !SYSTEM_KEYS.has(name)) ctx.error(at, `field "${name}" is not in the schema`)
  }
}

function checkReference(value, targetType, at, ctx) {
  if (value._type !== 'reference') ctx.error(at, 'a reference must have _type "reference"')
  if (typeof value._ref !== 'string' || value._ref === '') return ctx.error(at, 'reference without _ref')
  const target = ctx.byId.get(value._ref)
  if (!target) {
    if (value._weak !== true) ctx.error(at, `reference to missing document "${value._ref}"`)
    return
  }
  if (target._type !== targetType) ctx.error(at, `must reference a ${targetType}, got a ${target._type}`)
}
