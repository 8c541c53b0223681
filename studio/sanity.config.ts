import {defineConfig} from 'sanity'
import {structureTool} from 'sanity/structure'

import {schemaTypes} from './src/schemaTypes'
import {SINGLETON_ACTIONS, SINGLETON_TYPES, structure} from './src/structure'

// "localdev" is a syntactically valid placeholder (lowercase letters/digits) for offline work.
const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'localdev'
const dataset = process.env.SANITY_STUDIO_DATASET || 'production'

export default defineConfig({
  name: 'musio-english',
  title: 'Musio English コンテンツ管理',
  projectId,
  dataset,

  plugins: [structureTool({title: 'コンテンツ', structure})],

  schema: {
    types: schemaTypes,
    // Singletons cannot be created from the global "create new" menu.
    templates: (templates) => templates.filter(({schemaType}) => !SINGLETON_TYPES.has(schemaType)),
  },

  document: {
    // Singletons can be edited and published, but not duplicated, unpublished or deleted.
    actions: (input, context) =>
      SINGLETON_TYPES.has(context.schemaType)
        ? input.filter(({action}) => action !== undefined && SINGLETON_ACTIONS.has(action))
        : input,
    newDocumentOptions: (prev) =>
      prev.filter((item) => !SINGLETON_TYPES.has(item.templateId)),
  },
})
