import { DocumentScreen } from './DocumentScreen';

export default function AboutUs2Screen() {
  return <DocumentScreen document="privacy" />;
}
