/** vBulletin 4 URLs are read with the vBulletin 3 helpers (same showthread.php scheme). */
export { pageNumberOf, pageNumberOfExamples, threadIdOf, threadIdOfExamples } from '../vbulletin3/urls';
