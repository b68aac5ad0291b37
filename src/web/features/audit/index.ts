export { auditKey } from './api';
