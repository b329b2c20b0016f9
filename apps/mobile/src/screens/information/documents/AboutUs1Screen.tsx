import { DocumentScreen } from './DocumentScreen';

export default function AboutUs1Screen() {
  return <DocumentScreen document="aboutUs" />;
}
