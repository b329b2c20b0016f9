import { DocumentScreen } from './DocumentScreen';

export default function AboutUs3Screen() {
  return <DocumentScreen document="agreement" />;
}
