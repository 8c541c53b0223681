import {UsersIcon} from '@sanity/icons/Users'
import {defineType} from 'sanity'

import {planBlockFields, planBlockPreview} from '../../lib/plan-block'

/** ファミリープラン (package type "family"): 12 months; 30 or 60 lessons; Hawaii, Business or NHK content. */
export default defineType({
  name: 'familyPlanBlock',
  title: 'ファミリープラン',
  type: 'object',
  icon: UsersIcon,
  fields: planBlockFields(
    'family',
    'ME_Plan_3_2_1（Edge Hawaii）、ME_Plan_3_2_2（Edge Business）、ME_Plan_3_2_3（NHK）から選びます。',
  ),
  preview: planBlockPreview('ファミリープラン'),
})
