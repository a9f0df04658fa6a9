// Federated entry: the shell renders this at '/'.
import '../pages/home.css';
export { HomePage as default } from '../pages/HomePage';
