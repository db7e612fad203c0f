/** The help pages' chunk (issue 13 item 7): both pages load together, the router picks one. */
export { HelpPage } from './HelpPage';
export { HelpVideoPage } from './HelpVideoPage';
