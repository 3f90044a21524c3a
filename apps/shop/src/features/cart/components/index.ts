export { CartDrawerContent } from './CartDrawerContent';
export { CartSteps } from './CartSteps';
