// Signature on screen: drawn as an image is (image.tsx), the picture stretched over its box.
export { ImageView as SignatureView } from './image';
