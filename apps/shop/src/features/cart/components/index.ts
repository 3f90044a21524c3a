export { CartDrawerContent } from './CartDrawerContent';
export { CartSteps } from './CartSteps';
export { unshippedOrdersNote } from './format';
