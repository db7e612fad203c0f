/** The help pages' chunk: both pages load together, the router picks one. */
export { HelpPage } from './HelpPage';
export { HelpVideoPage } from './HelpVideoPage';
