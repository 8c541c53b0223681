import {defineCliConfig} from 'sanity/cli'

/**
 * CLI configuration (`sanity dev`, `sanity schema validate`, `sanity dataset import` …).
 * Set SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET in the environment (or in .env.local).
 * "localdev" is only a placeholder so the Studio can be built and validated offline.
 */
const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'localdev'
const dataset = process.env.SANITY_STUDIO_DATASET || 'production'

export default defineCliConfig({
  api: {projectId, dataset},
  // `npm run typegen`: the schema extracted to schema.json (required fields non-optional), then
  // the result type of every query the site defines with defineQuery.
  typegen: {
    path: '../src/content/queries.ts',
    schema: 'schema.json',
    generates: '../src/content/sanity.types.ts',
    overloadClientMethods: false,
  },
})
