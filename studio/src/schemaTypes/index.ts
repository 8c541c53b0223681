import landingPage from './documents/landing-page'
import legalPage from './documents/legal-page'
import siteSettings from './documents/site-settings'
import bannerCarousel from './objects/banner-carousel'
import bannerSlide from './objects/banner-slide'
import faqItem from './objects/faq-item'
import faqSection from './objects/faq-section'
import featurePoint from './objects/feature-point'
import featurePoints from './objects/feature-points'
import footerLink from './objects/footer-link'
import functionItem from './objects/function-item'
import functionList from './objects/function-list'
import lessonContents from './objects/lesson-contents'
import lessonItem from './objects/lesson-item'
import mediaCoverage from './objects/media-coverage'
import mediaItem from './objects/media-item'
import parentVoice from './objects/parent-voice'
import parentVoices from './objects/parent-voices'
import priceOverview from './objects/price-overview'
import seo from './objects/seo'

// Type names and field names are a contract with the site's GROQ queries:
// see docs/content-model.md before renaming anything.
export const schemaTypes = [
  // Documents
  siteSettings,
  landingPage,
  legalPage,
  // Objects
  seo,
  footerLink,
  // Landing page sections and their items
  bannerCarousel,
  bannerSlide,
  featurePoints,
  featurePoint,
  lessonContents,
  lessonItem,
  parentVoices,
  parentVoice,
  priceOverview,
  functionList,
  functionItem,
  mediaCoverage,
  mediaItem,
  faqSection,
  faqItem,
]
